import { describe, expect, it } from 'vitest';
import { providerLanguages } from '../src/lib/server/translate/languages.ts';
import { PAGE_LANGUAGES } from '../src/lib/shared/guest-page-key.ts';
import { GUEST_LANGUAGES, guestWords } from '../src/lib/shared/guest-words/index.ts';
import { GUIDEBOOK_LANGUAGES, isGuidebookLanguage, PAGE_WORD_LANGUAGES, STAY_LANGUAGES } from '../src/lib/shared/languages.ts';

/**
 * One list of languages (src/lib/shared/languages.ts), and every use of languages taken from it:
 * what a guidebook may be written and translated in (and its page variants), what a stay may be
 * in, and what the guest page has words of its own in. They may allow different parts of the list,
 * never a language off it, and never say different things about one language.
 */
describe('the languages', () => {
  it('a stay may be in any language a guidebook may be written or translated in, and in no other', () => {
    expect([...STAY_LANGUAGES].sort()).toEqual([...GUIDEBOOK_LANGUAGES].sort());
    expect(GUIDEBOOK_LANGUAGES).toHaveLength(32);
  });

  it('the guest page has a dictionary for exactly the languages the list says it has words in, each one of the list', () => {
    expect(GUEST_LANGUAGES).toEqual(PAGE_WORD_LANGUAGES);
    for (const tag of PAGE_WORD_LANGUAGES) {
      expect(isGuidebookLanguage(tag), tag).toBe(true);
      expect(guestWords(tag)['locale.lang'], tag).toBe(tag);
    }
  });

  it('every page variant is a language of the list, and machine translation is asked only in the list’s languages', () => {
    expect(PAGE_LANGUAGES).toEqual(GUIDEBOOK_LANGUAGES);
    for (const provider of ['libretranslate', 'deepl'] as const) {
      for (const tag of providerLanguages(provider)) expect(isGuidebookLanguage(tag), `${provider} ${tag}`).toBe(true);
    }
    expect(providerLanguages('libretranslate')).toEqual([...PAGE_WORD_LANGUAGES]);
  });
});
