import { PAGE_VARIANTS, type GuestPageKey } from '@shared/guest-page-key.ts';
import type { Encoding } from '../http/negotiate.ts';

/**
 * The server's names for a guest page variant (the key itself: @shared/guest-page-key.ts). Built
 * here and nowhere else: the store item, the in-memory entry, the cache tags a response carries
 * and the tags a purge sends.
 */
export type { GuestPageKey };
export { guestPageKey, guestPagePath, parseGuestPageUrl } from '@shared/guest-page-key.ts';

/** The encodings every guest page is stored in (store/snapshot-store.ts), one store item each. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gz', 'html'];

/** `<token>` for the main page, `<token>~<lang>` for a variant: one page, whatever its encoding. */
export function pageId({ token, variant }: GuestPageKey): string {
  return variant ? `${token}~${variant}` : token;
}

/** The store item (and in-memory entry) of one page variant in one encoding. */
export function storeKey(key: GuestPageKey, encoding: Encoding): string {
  return `${pageId(key)}:${encoding}`;
}

/** Every page variant a token may have: what invalidating the token drops. */
export function variantsOf(token: string): GuestPageKey[] {
  return PAGE_VARIANTS.map((variant) => ({ token, variant }));
}

/** Tag of every guest page (purged at each server start: a new build renders them anew). */
export const ALL_GUEST_PAGES_TAG = 'guest-pages';

/**
 * The CDN tag of a token's pages: the public token, which the URL already shows. Every variant
 * carries it, so one purge of the token drops them all.
 */
export function tokenTag(token: string): string {
  return `token-${token}`;
}

/** The tags the answers of every page variant of `token` carry (GuestPageKey.token). */
export function cacheTags(token: string): string[] {
  return [tokenTag(token), ALL_GUEST_PAGES_TAG];
}
