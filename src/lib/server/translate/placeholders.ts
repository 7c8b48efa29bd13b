import { MARKER_NAMES, type MarkerName } from '@shared/schemas/instruction.ts';

/**
 * The markers of rich text (`<span data-marker="lockbox"></span>`, schemas/instruction/fields.ts)
 * travel to the translation service as numbered placeholders, `<x-m id="1"></x-m>`, and are put
 * back from their numbers. An empty element of a made-up name is what both services carry through
 * untouched with HTML handling: LibreTranslate parses the HTML and translates only the text between
 * tags, keeping every element and attribute (and writing an empty one out as `<x-m …></x-m>`);
 * DeepL's HTML handling keeps tags and moves them with the words they sit between. Written with
 * its closing tag, never `<x-m/>`: HTML has no self-closing custom elements, so a service parsing
 * HTML would read `<x-m/>` as an open element swallowing the rest of the sentence. A number
 * rather than the marker's name keeps the name (an English word) away from the translator and lets
 * us tell a dropped placeholder from a doubled one.
 */
export const PLACEHOLDER_TAG = 'x-m';

/** A marker exactly as the sanitiser writes it (sanitize-rich-text.ts). */
const MARKER = new RegExp(`<span data-marker="(${MARKER_NAMES.join('|')})"></span>`, 'g');
/** A placeholder as a service may give it back: quotes, spacing and self-closing may change. */
const PLACEHOLDER = /<x-m\s+id\s*=\s*(["']?)(\d+)\1\s*(?:\/>|>\s*<\/x-m\s*>)/gi;
/** Any trace of a placeholder tag, whole or broken. */
const PLACEHOLDER_TRACE = /<\s*\/?\s*x-m\b/i;
/** Something that reads as an HTML tag (`<b>`, `</p>`, `<!--`), not a lone `<` in "< 3 pm". */
const TAG_LIKE = /<[a-z!/?]/gi;

export interface Protected {
  /** The text as sent, with placeholders for markers. */
  text: string;
  /** The marker of each placeholder: `markers[0]` is `id="1"`. */
  markers: MarkerName[];
}

/** `html` with its markers as placeholders; null when it already holds something like one. */
export function protectMarkers(html: string): Protected | null {
  if (PLACEHOLDER_TRACE.test(html)) return null;
  const markers: MarkerName[] = [];
  const text = html.replace(MARKER, (_whole, name: MarkerName) => {
    markers.push(name);
    return `<${PLACEHOLDER_TAG} id="${markers.length}"></${PLACEHOLDER_TAG}>`;
  });
  return { text, markers };
}

/**
 * The translation with its markers back, or null when the placeholders did not come back
 * exactly: each once, none invented, none left over or half-written.
 */
export function restoreMarkers(translated: string, markers: readonly MarkerName[]): string | null {
  const seen = new Set<number>();
  let wrong = false;
  const restored = translated.replace(PLACEHOLDER, (_whole, _quote: string, digits: string) => {
    const id = Number(digits);
    if (id < 1 || id > markers.length || seen.has(id)) wrong = true;
    seen.add(id);
    return `<span data-marker="${markers[id - 1] ?? 'lockbox'}"></span>`;
  });
  if (wrong || seen.size !== markers.length || PLACEHOLDER_TRACE.test(restored)) return null;
  return restored;
}

/** How many of each marker `html` holds, as `lockbox:1,address:0`, for comparing two texts. */
export function markerSignature(html: string): string {
  const counts = new Map<string, number>(MARKER_NAMES.map((name) => [name, 0]));
  for (const match of html.matchAll(MARKER)) counts.set(match[1]!, counts.get(match[1]!)! + 1);
  return [...counts].map(([name, count]) => `${name}:${count}`).join(',');
}

/** How many tag-like sequences `text` holds: plain text must not come back with more. */
export function tagCount(text: string): number {
  return text.match(TAG_LIKE)?.length ?? 0;
}
