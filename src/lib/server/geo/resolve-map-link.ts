import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { GeoError } from './geo-error.ts';
import { parseMapCoordinates, type LatLng } from '@shared/map-coordinates.ts';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.ts';

/** Longer than any real map link; a bigger one is refused before anything else. */
export const MAX_MAP_LINK_LENGTH = 2048;

/**
 * The user sees "Could not resolve address" (docs/product.md §8) either way; the status tells them apart:
 * 400 for a link we may not fetch, 422 for one that led to no point (geo-error.ts).
 */
function unresolved(reason: 'refused' | 'unresolved', detail: string): AppError {
  return new AppError(reason === 'refused' ? 'BAD_REQUEST' : 'UNPROCESSABLE', messages.address.unresolved, { cause: new GeoError(reason, detail) });
}

/** Where a map page names its own place, when the final URL does not: canonical and og: tags. */
const PAGE_LINKS = [
  /<link\b[^>]*\brel=["']canonical["'][^>]*\bhref=["']([^"']+)["']/i,
  /<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']canonical["']/i,
  /<meta\b[^>]*\bproperty=["']og:url["'][^>]*\bcontent=["']([^"']+)["']/i,
  /<meta\b[^>]*\bcontent=["']([^"']+)["'][^>]*\bproperty=["']og:url["']/i,
  /<meta\b[^>]*\bproperty=["']og:image["'][^>]*\bcontent=["']([^"']+)["']/i,
  /<meta\b[^>]*\bcontent=["']([^"']+)["'][^>]*\bproperty=["']og:image["']/i,
];

function coordinatesInPage(body: string): LatLng | null {
  for (const pattern of PAGE_LINKS) {
    const match = pattern.exec(body);
    const point = match ? parseMapCoordinates(match[1]!) : null;
    if (point) return point;
  }
  return null;
}

/**
 * The point a map link shows (docs/product.md §4 address flow, §7 resolve map). A link that spells its
 * coordinates is read without any network; a short link is followed under safe-fetch's rules,
 * stopping at the first redirect target that spells them, then the final page's own links.
 */
export async function resolveMapLink(link: string, options: SafeFetchOptions = {}): Promise<LatLng> {
  const text = link.trim();
  if (text === '' || text.length > MAX_MAP_LINK_LENGTH) throw unresolved('refused', 'empty or too long');
  const direct = parseMapCoordinates(text);
  if (direct) return direct;

  let result;
  try {
    result = await safeFetch(text, { ...options, stopAt: (url) => parseMapCoordinates(url.href) !== null });
  } catch (error) {
    if (error instanceof SafeFetchError && (error.reason === 'refused' || error.reason === 'too-many-redirects')) {
      throw unresolved('refused', error.message);
    }
    throw unresolved('unresolved', error instanceof Error ? error.message : String(error));
  }
  const point = parseMapCoordinates(result.url.href) ?? (result.status === 200 ? coordinatesInPage(result.body) : null);
  if (!point) throw unresolved('unresolved', `no coordinates at ${result.url.host}`);
  return point;
}
