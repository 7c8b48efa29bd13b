import { DEFAULT_GUEST_LANGUAGE, guestWords, t } from '@shared/guest-words/index.ts';
import type { AppError } from '../../http/app-error.ts';
import { isAppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { GUEST_HEADERS, SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_LANGUAGES_HEADER, SNAPSHOT_SOURCE_HEADER, sourceHeader } from '../page-headers.ts';
import type { GuestPage } from './guest-page-model.ts';
import { loadGuestPage } from './load-guest-page.ts';

/**
 * What a guest request shows: the guidebook, "not found", or a load error (docs/product.md §8) in
 * the language asked for (`language`, the page's words; English when none).
 */
export type GuestView = { kind: 'page'; page: GuestPage } | { kind: 'not-found' } | { kind: 'error'; status: number; message: string; language?: string };

/**
 * A load error as the guest reads it, in `language`: the server's message is English
 * (messages.ts), so a page in another language says "Error: {status}" in its own words.
 */
export function guestLoadError(status: number, language: string | null, error?: AppError): Extract<GuestView, { kind: 'error' }> {
  const words = guestWords(language ?? DEFAULT_GUEST_LANGUAGE);
  const english = words['locale.lang'] === DEFAULT_GUEST_LANGUAGE;
  return { kind: 'error', status, message: error && english ? error.message : t(words, 'error.status', { status }), language: words['locale.lang'] };
}

/**
 * The guest page of `token` for /instruction, /instruction/:token (its main language) and
 * /instruction/:token/:lang (`language`; one the guidebook does not offer is its main texts in
 * that language's page words, or the main page). A load error shows the server's message, else "Error: {status}" (docs/product.md §8 "Guest view load error"); the cause goes to
 * the log (without the token, which is the guidebook's key), never to the guest.
 */
export async function loadGuestView(token: string, language: string | null = null): Promise<GuestView> {
  try {
    const page = await loadGuestPage(token, language);
    return page ? { kind: 'page', page } : { kind: 'not-found' };
  } catch (error) {
    if (isAppError(error)) return guestLoadError(error.status, language, error);
    const { log } = await getRuntime();
    log.error({ err: error }, 'guest page: could not load the guidebook');
    return guestLoadError(500, language);
  }
}

/** Status and headers of the answer; only a page is ever cached (the snapshot layer keeps 200s only). */
export function applyGuestView(view: GuestView, response: { status?: number; headers: Headers }): void {
  for (const [name, value] of Object.entries(GUEST_HEADERS)) response.headers.set(name, value);
  if (view.kind === 'page') {
    if (view.page.expiresAt !== null) response.headers.set(SNAPSHOT_EXPIRES_HEADER, String(view.page.expiresAt));
    if (view.page.source) response.headers.set(SNAPSHOT_SOURCE_HEADER, sourceHeader(view.page.source));
    response.headers.set(SNAPSHOT_LANGUAGES_HEADER, view.page.languages.join(' '));
    return;
  }
  response.status = view.kind === 'not-found' ? 404 : view.status;
  response.headers.set('cache-control', 'no-store');
}
