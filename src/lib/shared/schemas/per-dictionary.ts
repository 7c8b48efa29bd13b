import type { GuestWords } from '../guest-words/t.ts';

/**
 * `build` made once a dictionary: a guest's schema answers in the guest's words (the request's
 * language, server/http/guest-language.ts), and each language's is built the first time it is asked for.
 */
export function perDictionary<T>(build: (words: GuestWords) => T): (words: GuestWords) => T {
  const built = new WeakMap<GuestWords, T>();
  return (words) => {
    let value = built.get(words);
    if (value === undefined) {
      value = build(words);
      built.set(words, value);
    }
    return value;
  };
}
