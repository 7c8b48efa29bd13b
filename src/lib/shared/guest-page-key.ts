import { DEMO_TOKEN } from './demo.ts';
import { GUEST_TOKEN } from './guest-token.ts';
import { GUIDEBOOK_LANGUAGES, type GuidebookLanguage } from './languages.ts';

/**
 * One guest page variant: a guidebook's public token and, optionally, the language it is asked in
 * (`/instruction/<token>/fr`). The stay link is not a variant: its page is rendered per
 * request and never stored. Every store key, in-memory key, cache tag, CDN purge tag and guest URL
 * of a stored page is built from one of these (server side: src/lib/server/guest-pages/page-key.ts),
 * so a variant can never be served in place of another, and invalidating a token reaches them all.
 */
export interface GuestPageKey {
  readonly token: string;
  /** A language of PAGE_LANGUAGES, or null for the guidebook's main page. */
  readonly variant: PageLanguage | null;
}

/**
 * The languages a guest may ask a page in: every language a guidebook may be written or translated
 * in (languages.ts, docs/decisions/021). A closed list on purpose: invalidating a token removes
 * each variant's stored copies without listing the store (docs/decisions/011 never lists a
 * bucket), and a stranger cannot fill the store with made-up variants. An unknown `lang` is the
 * main page.
 */
export const PAGE_LANGUAGES: readonly GuidebookLanguage[] = GUIDEBOOK_LANGUAGES;
export type PageLanguage = GuidebookLanguage;

const LANGUAGES: ReadonlySet<string> = new Set(PAGE_LANGUAGES);

export function guestPageKey(token: string, variant: PageLanguage | null = null): GuestPageKey {
  return { token, variant };
}

/** Every variant a token may have stored, the main page first. */
export const PAGE_VARIANTS: readonly (PageLanguage | null)[] = [null, ...PAGE_LANGUAGES];

/**
 * The page's same-origin path: `/instruction/<token>`, and `/instruction/<token>/<lang>` for a
 * language variant (docs/decisions/022: the path, not `?lang=`, is the variant's address).
 */
export function guestPagePath({ token, variant }: GuestPageKey): string {
  const path = `/instruction/${encodeURIComponent(token)}`;
  return variant ? `${path}/${variant}` : path;
}

/**
 * The page a request path names, or null when it names none: `/instruction` is the demo
 * (docs/product.md §2), `/instruction/<token>`, `/instruction/<token>/<lang>`; `query` is the part
 * after `?` (or empty). `?lang=` is an alias of the path's language (older links, a form without
 * script); other parameters (a campaign tag, a cache-buster) change nothing. A path language off
 * the list names no page (404); an unknown `?lang=` is the main page.
 */
export function parseGuestPageUrl(pathname: string, query: string): GuestPageKey | null {
  let token: string;
  let variant: PageLanguage | null = null;
  if (pathname === '/instruction' || pathname === '/instruction/') token = DEMO_TOKEN;
  else {
    const match = /^\/instruction\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
    if (!match || !GUEST_TOKEN.test(match[1]!)) return null;
    token = match[1]!;
    if (match[2] !== undefined) {
      if (!LANGUAGES.has(match[2])) return null;
      variant = match[2] as PageLanguage;
    }
  }
  return { token, variant: variant ?? (query ? languageOf(query) : null) };
}

/** The first `lang` parameter when it names a page language (any case), else null. */
function languageOf(query: string): PageLanguage | null {
  const match = /(?:^|&)lang=([A-Za-z]{2})(?:&|$)/.exec(query);
  const lang = match?.[1]!.toLowerCase();
  return lang && LANGUAGES.has(lang) ? (lang as PageLanguage) : null;
}
