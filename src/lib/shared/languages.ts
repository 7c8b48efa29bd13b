/**
 * The one list of languages (docs/decisions/021-guidebook-translations.md): BCP 47 primary
 * language tags, each with the English name messages use. Every other list of languages is taken
 * from it (tests/languages.test.ts checks they agree):
 * - a guidebook's main language and its translations are any of them (GUIDEBOOK_LANGUAGES), and
 *   each is a guest page variant (PAGE_LANGUAGES in guest-page-key.ts is this list), so
 *   invalidating a token can still drop every variant without listing the store (docs/decisions/019);
 * - a stay's language is any of them (STAY_LANGUAGES): its link and mail are in it when the
 *   guidebook offers it, or when the page has words in it;
 * - the guest page has words of its own in some (PAGE_WORD_LANGUAGES, a dictionary each in
 *   src/lib/shared/guest-words); the others read those in English.
 *
 * Two letters each: `?lang=` selects a variant by two letters (guest-page-key.ts).
 */
export const GUIDEBOOK_LANGUAGE_NAMES = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  pl: 'Polish',
  cs: 'Czech',
  hr: 'Croatian',
  sk: 'Slovak',
  sl: 'Slovenian',
  hu: 'Hungarian',
  ro: 'Romanian',
  bg: 'Bulgarian',
  el: 'Greek',
  sv: 'Swedish',
  da: 'Danish',
  nb: 'Norwegian',
  fi: 'Finnish',
  et: 'Estonian',
  lv: 'Latvian',
  lt: 'Lithuanian',
  sr: 'Serbian',
  bs: 'Bosnian',
  uk: 'Ukrainian',
  tr: 'Turkish',
  he: 'Hebrew',
  ar: 'Arabic',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
} as const;

export type GuidebookLanguage = keyof typeof GUIDEBOOK_LANGUAGE_NAMES;

export const GUIDEBOOK_LANGUAGES = Object.keys(GUIDEBOOK_LANGUAGE_NAMES) as GuidebookLanguage[];

/**
 * The languages the guest page has words of its own in, English first: src/lib/shared/guest-words
 * holds one dictionary for each (its index.ts is typed by this list, so neither can have one the
 * other lacks).
 */
export const PAGE_WORD_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'hr', 'pl', 'cs'] as const satisfies readonly GuidebookLanguage[];
export type PageWordLanguage = (typeof PAGE_WORD_LANGUAGES)[number];

/** What a host may choose as a stay's language (besides the guidebook's own): every language of the list. */
export const STAY_LANGUAGES: readonly GuidebookLanguage[] = GUIDEBOOK_LANGUAGES;

/** What a guidebook is written in when nothing says otherwise (and what older guidebooks read as). */
export const DEFAULT_GUIDEBOOK_LANGUAGE: GuidebookLanguage = 'en';

/** A guidebook's main language and its translations together: at most this many. */
export const MAX_GUIDEBOOK_LANGUAGES = 20;

/** The languages of the list written right to left: a page in one is `<html dir="rtl">` (docs/product/guest-languages.md). */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set<GuidebookLanguage>(['ar', 'he']);

/** `rtl` for a language written right to left, else undefined (left to right, the page's default: no attribute). */
export function textDirection(tag: string): 'rtl' | undefined {
  return RIGHT_TO_LEFT.has(tag) ? 'rtl' : undefined;
}

/** Tags browsers send for a language under another tag of the list. */
const ALIASES: Readonly<Record<string, GuidebookLanguage>> = { no: 'nb', nn: 'nb', iw: 'he' };

export function isGuidebookLanguage(tag: string): tag is GuidebookLanguage {
  return Object.hasOwn(GUIDEBOOK_LANGUAGE_NAMES, tag);
}

/**
 * The language of the list a BCP 47 tag is in ("de-AT" → de, "pt-BR" → pt, "no" → nb), or null
 * when the list has none: what a browser's `navigator.language` becomes.
 */
export function guidebookLanguageOf(tag: string): GuidebookLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const language = ALIASES[primary] ?? primary;
  return isGuidebookLanguage(language) ? language : null;
}

/** "German", or the tag itself when it is not one of the list (in a message about a wrong tag). */
export function languageName(tag: string): string {
  return isGuidebookLanguage(tag) ? GUIDEBOOK_LANGUAGE_NAMES[tag] : `"${tag}"`;
}

const nativeNames = new Map<string, string>();

/**
 * A language by its own name, capitalised as a menu item starts ("Deutsch", "Français"). Kept once
 * made: building an Intl.DisplayNames was 3% of a guest page's render (docs/performance.md).
 */
export function nativeName(tag: string): string {
  let known = nativeNames.get(tag);
  if (known === undefined) {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    known = name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
    // Only the closed list's tags are kept, so no input can grow the map.
    if (isGuidebookLanguage(tag)) nativeNames.set(tag, known);
  }
  return known;
}
