import { ADDRESS_MARKER, LOCKBOX_MARKER } from '@shared/schemas/instruction.ts';

/**
 * Rich text as a passage's plain text (docs/decisions/031 §3): the markers in words, block ends as
 * line breaks, tags dropped, entities decoded. The stored HTML is the sanitiser's (docs/security.md
 * 16), so a tag is `<…>` without a `>` inside; what comes out is never HTML again (the island shows
 * text nodes). Pure.
 */

/** At most this many characters a passage; a longer field is split at sentence ends. */
export const MAX_PASSAGE_CHARS = 1_200;

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** `html` as text; the lock-box marker becomes `doorCode` (never the code), the address marker the written address. */
export function richTextToPlain(html: string, { doorCode, address }: { doorCode: string; address: string }): string {
  const text = html
    .split(LOCKBOX_MARKER)
    .join(doorCode)
    .split(ADDRESS_MARKER)
    .join(address)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-6]|div|blockquote|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return tidy(decodeEntities(text));
}

/** Spaces collapsed within lines, empty lines dropped. */
export function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * `text` in pieces of at most MAX_PASSAGE_CHARS, cut after a sentence's end (or a line's) where
 * one falls in the piece, else at a space, else hard. An empty text is one empty piece.
 */
export function splitLong(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > MAX_PASSAGE_CHARS) {
    const window = rest.slice(0, MAX_PASSAGE_CHARS);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'));
    const cut = sentence > MAX_PASSAGE_CHARS / 3 ? sentence + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : MAX_PASSAGE_CHARS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  // An item with a title and no text is still a passage (its title is searched).
  if (rest !== '' || pieces.length === 0) pieces.push(rest);
  return pieces;
}
