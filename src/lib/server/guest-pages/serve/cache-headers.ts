import { cacheTags } from '../page-key.ts';

/**
 * How guest pages may be cached (docs/decisions/007, "CDN"): browsers revalidate every open; a
 * shared cache (the CDN) keeps a page for CDN_MAX_AGE_SECONDS only when the purge hook is
 * configured, since then every publish, link regeneration and delete purges it by tag at once.
 * A page that is right only until a time (the owner's plan ends) is never kept by the CDN.
 */
export const CDN_MAX_AGE_SECONDS = 300;

const BROWSER_ONLY = 'public, max-age=0, must-revalidate';
const WITH_CDN = `public, max-age=0, s-maxage=${CDN_MAX_AGE_SECONDS}, must-revalidate`;

/**
 * Cache-Control and the tags (Surrogate-Key for Fastly and others, space-separated; Cache-Tag for
 * Cloudflare, comma-separated) of one guest page answer.
 */
export function guestCacheHeaders({ token, expiresAt, purgeable }: { token: string; expiresAt: number | null | undefined; purgeable: boolean }): Record<string, string> {
  const tags = cacheTags(token);
  return {
    'cache-control': purgeable && (expiresAt === null || expiresAt === undefined) ? WITH_CDN : BROWSER_ONLY,
    'surrogate-key': tags.join(' '),
    'cache-tag': tags.join(','),
  };
}
