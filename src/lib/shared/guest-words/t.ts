import type { EnglishWords } from './en.ts';
import type { GuestWordKey, GuestWords } from './schema.ts';

/**
 * Filling in a dictionary's words: no dictionary and no schema here (types only), so a guest
 * island that imports this file carries a few lines, not every language. The islands get their
 * words as props, picked by the server component (`pickWords`).
 */
export type { GuestWordKey, GuestWords };

/** The `{name}`s in a text: `Placeholders<'Map of {place}'>` is `'place'`. */
export type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** What `t(words, key, …)` takes after the key: the values of its placeholders, or nothing. */
export type WordValues<Key extends GuestWordKey> = [Placeholders<EnglishWords[Key]>] extends [never] ? [] : [values: Record<Placeholders<EnglishWords[Key]>, string | number>];

/** The words of `keys` only: what an island is given. */
export type WordsOf<Keys extends readonly GuestWordKey[]> = Pick<GuestWords, Keys[number]>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The text of `key`, its `{placeholders}` filled in: `t(words, 'address.mapTitle', { place })`.
 * A placeholder a translation lacks is simply not shown; one it adds stays as typed.
 */
export function t<Key extends GuestWordKey>(words: Pick<GuestWords, Key>, key: Key, ...[values]: WordValues<Key>): string {
  const text: string = words[key];
  if (!values) return text;
  const given: Record<string, string | number> = values;
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in given ? String(given[name]) : whole));
}

/**
 * A text with markup in its placeholders, as pieces to lay out in order: `wordParts('Made with
 * {product}', { product: <a …/> })` is `['Made with ', <a …/>]`. Empty pieces are left out.
 */
export function wordParts<Part>(text: string, parts: Record<string, Part>): (string | Part)[] {
  return text.split(/(\{\w+\})/).flatMap((piece): (string | Part)[] => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    if (name !== undefined && name in parts) return [parts[name] as Part];
    return piece === '' ? [] : [piece];
  });
}

/** The words of `keys`, for an island's props (the island's bundle holds no dictionary). */
export function pickWords<const Keys extends readonly GuestWordKey[]>(words: GuestWords, keys: Keys): WordsOf<Keys> {
  return Object.fromEntries(keys.map((key) => [key, words[key]])) as WordsOf<Keys>;
}
