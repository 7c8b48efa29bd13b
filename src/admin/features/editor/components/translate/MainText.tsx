import { useMemo } from 'react';
import { MARKER_NAMES, type MarkerName } from '@shared/schemas/instruction.ts';
import { MARKERS } from '../../../../components/rich-text/markers.ts';

type Piece = { text: string } | { marker: MarkerName };

/**
 * A rich main text as lines of text and marker chips. Parsed by DOMParser into an inert document
 * (no script runs, no image loads) and read back as text: nothing of the HTML reaches the page.
 */
function linesOf(html: string): Piece[][] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: Piece[][] = [];
  const blocks = doc.body.querySelectorAll('p, li');
  const roots = blocks.length > 0 ? [...blocks].filter((block) => !block.querySelector('p, li')) : [doc.body];
  for (const root of roots) {
    const line: Piece[] = [];
    const walk = (node: Node) => {
      const marker = node.nodeType === Node.ELEMENT_NODE ? (node as Element).getAttribute('data-marker') : null;
      if (marker && (MARKER_NAMES as readonly string[]).includes(marker)) {
        line.push({ marker: marker as MarkerName });
        return;
      }
      if (node.nodeType === Node.TEXT_NODE) line.push({ text: node.textContent ?? '' });
      node.childNodes.forEach(walk);
    };
    root.childNodes.forEach(walk);
    lines.push(line);
  }
  return lines;
}

/** The main language's text of a field, read only: plain as it is, rich text as lines with its markers as chips. */
export function MainText({ id, text, rich, lang }: { id: string; text: string; rich: boolean; lang: string }) {
  const lines = useMemo(() => (rich ? linesOf(text) : null), [rich, text]);
  return (
    <div id={id} lang={lang} dir="auto" className="rounded-xl border border-line bg-canvas/60 px-4 py-2.5 text-sm text-ink">
      {lines
        ? lines.map((line, row) => (
            <p key={row} className="min-h-[1lh]">
              {line.map((piece, index) =>
                'marker' in piece ? (
                  <span key={index} className="rt-marker" data-marker={piece.marker}>
                    {MARKERS[piece.marker].label}
                  </span>
                ) : (
                  <span key={index}>{piece.text}</span>
                ),
              )}
            </p>
          ))
        : text}
    </div>
  );
}
