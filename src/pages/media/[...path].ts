import type { APIContext } from 'astro';
import { handle, json } from '../../lib/server/http/json.ts';
import { readMedia } from '../../lib/server/uploads/read-media.ts';

/**
 * Uploaded images (docs/security.md 17): always served as WebP whatever the bytes look like, never
 * sniffed, never run as a document; names are unique, so they are cached for a year.
 */
const MEDIA_HEADERS = {
  'content-type': 'image/webp',
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-site',
};

export const GET = handle(async (context: APIContext) => {
  const result = await readMedia({
    pathname: context.url.pathname,
    ifNoneMatch: context.request.headers.get('if-none-match'),
    head: context.request.method === 'HEAD',
  });
  if (result.status === 404) return json({ message: 'Not found' }, 404);
  if (result.status === 304) return new Response(null, { status: 304, headers: { ...MEDIA_HEADERS, etag: result.etag } });
  if (!result.object) return new Response(null, { headers: { ...MEDIA_HEADERS, etag: result.etag } });
  const { body, length } = result.object;
  return new Response(body, { headers: { ...MEDIA_HEADERS, etag: result.etag, ...(length === null ? {} : { 'content-length': String(length) }) } });
});

export const HEAD = GET;
