import { PAGE_WORD_LANGUAGES } from '@shared/languages.ts';
import type { TranslateConfig } from '../platform/config.ts';

export type TranslateProvider = TranslateConfig['provider'];

/**
 * The languages each service is asked in, by our tag (the guest page's languages,
 * PAGE_WORD_LANGUAGES in src/lib/shared/languages.ts).
 * LibreTranslate takes ISO 639-1 codes for source and target alike; which pairs an instance has
 * depends on the models it installed, and it answers 400 "xx is not supported" for the rest.
 * DeepL takes upper-case codes, and as a target wants the variant: British English and European
 * Portuguese (guidebooks are mostly for European stays). Croatian is left out for DeepL: its
 * documentation marks it among the languages with limited support, not the long-standing list.
 */
const CODES: Record<TranslateProvider, Record<string, { source: string; target: string }>> = {
  libretranslate: Object.fromEntries(PAGE_WORD_LANGUAGES.map((tag) => [tag, { source: tag, target: tag }])),
  deepl: {
    en: { source: 'EN', target: 'EN-GB' },
    de: { source: 'DE', target: 'DE' },
    fr: { source: 'FR', target: 'FR' },
    es: { source: 'ES', target: 'ES' },
    it: { source: 'IT', target: 'IT' },
    pt: { source: 'PT', target: 'PT-PT' },
    nl: { source: 'NL', target: 'NL' },
    pl: { source: 'PL', target: 'PL' },
    cs: { source: 'CS', target: 'CS' },
  },
};

/** The service's code for `tag` as a source or a target, or undefined when it cannot do it. */
export function providerLanguage(provider: TranslateProvider, tag: string, role: 'source' | 'target'): string | undefined {
  return Object.hasOwn(CODES[provider], tag) ? CODES[provider][tag]![role] : undefined;
}

/** Our tags the service can translate from and into. */
export function providerLanguages(provider: TranslateProvider): string[] {
  return Object.keys(CODES[provider]);
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** "Croatian" for `hr`, the tag itself when it names no language, for messages. */
export function languageName(tag: string): string {
  try {
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
