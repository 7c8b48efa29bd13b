import { guestWords, t, waitWords, type GuestWords } from '@shared/guest-words/index.ts';
import type { TooManyMessage } from './rate-limit.ts';

/**
 * The language a guest API answers in (docs/decisions/022, the API's answers): the guest page's
 * islands send the page's language as `Accept-Language` (a CORS-safelisted header, so no
 * preflight; one tag, set by the island rather than the browser's list), and the guest routes
 * (/api/guest/…) word their `{ message }`, field errors included, from that language's guest
 * dictionary. A language without one, or no header, gets English: the texts messages.ts gives
 * the dashboard and the tests. Host-facing routes stay English.
 */
export function requestGuestWords(request: Request): GuestWords {
  return guestWords(firstLanguage(request.headers.get('accept-language')));
}

/** The language the guest page is in, as its island says it: `Accept-Language`'s first tag's language, lower case ("de" of "de-AT"). */
export function requestPageLanguage(request: Request): string {
  return firstLanguage(request.headers.get('accept-language')).split('-')[0]!.toLowerCase();
}

/** The tag with the highest q-value (the first among equals), or English for none or `*`. */
function firstLanguage(header: string | null): string {
  let best = { tag: 'en', q: 0 };
  for (const part of (header ?? '').split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean) ?? 1);
    if (/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > best.q) best = { tag, q };
  }
  return best.tag;
}

/** A 429's text in the guest's words: `key`'s sentence with the wait ("in 5 minutes") filled in. */
export function guestTooMany(words: GuestWords, key: 'api.tooManyPins' | 'api.pinGuessingStopped' | 'api.tooManyMessages' | 'api.tooManyRequests' | 'api.tooManyFeedback'): TooManyMessage {
  return (minutes) => t(words, key, { wait: waitWords(words, minutes) });
}
