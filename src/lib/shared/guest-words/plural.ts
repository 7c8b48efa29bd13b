import type { GuestWords } from './schema.ts';

/**
 * Counts in words: a `count.*` key holds one form for each Intl.PluralRules category its
 * language needs (`one:# minutę|few:# minuty|many:# minut|other:# minuty`), and the rules of the
 * dictionary's `locale.format` pick the form for a number. English needs two, Croatian three,
 * Polish and Czech four (their `many` and `other` split whole numbers from fractions).
 */
export type CountKey = Extract<keyof GuestWords, `count.${string}`>;

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

/** The forms of a `count.*` text, by category. */
export function pluralForms(text: string): Map<string, string> {
  return new Map(text.split('|').map((form) => [form.slice(0, form.indexOf(':')), form.slice(form.indexOf(':') + 1)]));
}

/** "5 minut": `count` in the form its language gives it (`other` when a form is missing). */
export function plural(words: Pick<GuestWords, 'locale.format' | CountKey>, key: CountKey, count: number): string {
  const forms = pluralForms(words[key]);
  const form = forms.get(pluralRules(words['locale.format']).select(count)) ?? forms.get('other') ?? '#';
  return form.replace('#', String(count));
}

/** A wait as a person says it: "5 minutes", "3 hours" (never "1440 minutes"), as messages.ts words it in English. */
export function waitWords(words: Pick<GuestWords, 'locale.format' | CountKey>, minutes: number): string {
  return minutes < 60 ? plural(words, 'count.minutes', minutes) : plural(words, 'count.hours', Math.ceil(minutes / 60));
}
