import { z } from 'zod';
import { cs } from './cs.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hr } from './hr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { PAGE_WORD_LANGUAGES, type PageWordLanguage } from '../languages.ts';
import { guestWordsSchema, type GuestWords } from './schema.ts';

/**
 * The guest page's words, one dictionary a language (modelled on how Starlight keeps its UI
 * strings: a file a language, one schema checking each). For server components: the islands
 * import t.ts and get their words as props.
 *
 * Every dictionary is parsed whole at start-up, English as each translation: a missing or unknown
 * key stops the server there, and the tests (tests/guest-words.test.ts) before that.
 */
const english: GuestWords = guestWordsSchema.parse(en);

/** The language a page is in when nothing chooses another. */
export const DEFAULT_GUEST_LANGUAGE = 'en' satisfies PageWordLanguage;

/**
 * The translations, by the tag each is served under (its `locale.lang`): one for each language of
 * PAGE_WORD_LANGUAGES but English, and no other (the type says so), in that list's order.
 */
const translations: Record<Exclude<PageWordLanguage, typeof DEFAULT_GUEST_LANGUAGE>, unknown> = { de, fr, es, it, pt, nl, hr, pl, cs };

/** A translation parsed whole, or an error naming its language and what is wrong. */
function parseTranslation(tag: string, words: unknown): GuestWords {
  const parsed = guestWordsSchema.safeParse(words);
  if (!parsed.success) throw new Error(`The ${tag} guest words do not match the schema:\n${z.prettifyError(parsed.error)}`);
  if (parsed.data['locale.lang'] !== tag) throw new Error(`The ${tag} guest words say they are ${parsed.data['locale.lang']}.`);
  return parsed.data;
}

/** Every language the guest page speaks, by its tag. */
const dictionaries = new Map<string, GuestWords>(PAGE_WORD_LANGUAGES.map((tag) => [tag, tag === DEFAULT_GUEST_LANGUAGE ? english : parseTranslation(tag, translations[tag])]));

/** The tags of every language the guest page speaks, English first (PAGE_WORD_LANGUAGES). */
export const GUEST_LANGUAGES: readonly string[] = PAGE_WORD_LANGUAGES;

/**
 * A translation as it may come: any of the keys, each checked as the schema checks English,
 * and English wherever it has none (for a translation still being written: the ones served here
 * are each complete, so a new key is written in every language before the server starts).
 */
export function withEnglish(translation: unknown): GuestWords {
  return { ...english, ...guestWordsSchema.partial().parse(translation) };
}

/**
 * Whether the guest page has words of its own in `language` (a tag of GUEST_LANGUAGES): a guest
 * whose language the guidebook has no translation in still gets the page's words in it, around
 * the host's texts in the main language (docs/product/guest-languages.md).
 */
export function speaksLanguage(language: string): boolean {
  return dictionaries.has(language);
}

/** The words of `language` ("pt-BR" falls back to "pt", then to English). */
export function guestWords(language: string = DEFAULT_GUEST_LANGUAGE): GuestWords {
  const tag = language.toLowerCase();
  return dictionaries.get(tag) ?? dictionaries.get(tag.split('-')[0]!) ?? english;
}

export type { GuestWordKey, GuestWords } from './schema.ts';
export { pickWords, t, wordParts, type WordsOf } from './t.ts';
export { formatDate, formatDateTime, formatDistance } from './formats.ts';
export { plural, pluralForms, waitWords, type CountKey } from './plural.ts';
