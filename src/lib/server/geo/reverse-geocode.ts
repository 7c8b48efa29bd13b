import { messages } from '@shared/messages.ts';
import { AppError, isAppError } from '../http/app-error.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { getRuntime } from '../platform/runtime.ts';
import { GeoError } from './geo-error.ts';
import type { LatLng } from '@shared/map-coordinates.ts';

/** Nominatim's usage policy: at most 1 request per second, a real User-Agent, cache the answers. */
export const NOMINATIM_INTERVAL_MS = 1_000;
const NOMINATIM_TIMEOUT_MS = 5_000;
/** More callers than this waiting for Nominatim fail at once rather than pile up. */
const MAX_QUEUED = 5;
/** Streets get renamed; a month-old answer is asked again. */
export const GEOCODE_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * docs/product.md §8 in place of the address: "Could not resolve address" (404) or "Address
 * resolution failed" (502).
 */
function geocodeFailed(reason: 'not-found' | 'failed', detail: string): AppError {
  const cause = new GeoError(reason, detail);
  return reason === 'failed' ? new AppError('BAD_GATEWAY', messages.address.failed, { cause }) : new AppError('NOT_FOUND', messages.address.unresolved, { cause });
}

interface NominatimAddress {
  road?: string;
  pedestrian?: string;
  house_number?: string;
  city?: string;
  town?: string;
  village?: string;
  postcode?: string;
  country?: string;
}

interface NominatimReverse {
  error?: string;
  display_name?: string;
  address?: NominatimAddress;
}

/**
 * docs/product.md §4: street, city, postcode, country joined by commas, else the formatted address. The
 * joined form needs a street: without one it would say less than Nominatim's display_name.
 */
export function formatAddress(answer: NominatimReverse): string {
  const parts = answer.address ?? {};
  const road = parts.road ?? parts.pedestrian;
  if (road) {
    const street = parts.house_number ? `${road} ${parts.house_number}` : road;
    return [street, parts.city ?? parts.town ?? parts.village, parts.postcode, parts.country]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(', ');
  }
  return answer.display_name?.trim() ?? '';
}

export function cacheKey({ lat, lng }: LatLng): string {
  return `${lat.toFixed(5)},${lng.toFixed(5)}`;
}

const nominatimQueue = processSingleton('nominatim', () => ({ tail: Promise.resolve() as Promise<void>, waiting: 0 }));

/**
 * A process-wide queue (process-singleton.ts): each request starts a full second after the previous
 * one finished, so Nominatim never sees two within a second however long the first took to arrive.
 */
async function throttled<T>(task: () => Promise<T>): Promise<T> {
  const queue = nominatimQueue;
  if (queue.waiting >= MAX_QUEUED) throw geocodeFailed('failed', 'nominatim queue full');
  queue.waiting++;
  const previous = queue.tail;
  let release!: () => void;
  queue.tail = new Promise((resolve) => (release = resolve));
  try {
    await previous;
    return await task();
  } finally {
    queue.waiting--;
    setTimeout(release, NOMINATIM_INTERVAL_MS).unref();
  }
}

async function askNominatim(point: LatLng, baseUrl: string, appUrl: URL): Promise<string> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/reverse`);
  url.search = new URLSearchParams({ format: 'jsonv2', lat: String(point.lat), lon: String(point.lng), addressdetails: '1' }).toString();
  let answer: NominatimReverse;
  try {
    answer = await throttled(async () => {
      const response = await fetch(url, {
        headers: { 'user-agent': `Porchlight/1.0 (+${appUrl.origin})`, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(NOMINATIM_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`nominatim answered ${response.status}`);
      return (await response.json()) as NominatimReverse;
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw geocodeFailed('failed', error instanceof Error ? error.message : String(error));
  }
  // Nominatim answers 200 with { error: "Unable to geocode" } out at sea.
  const address = answer && typeof answer === 'object' && !answer.error ? formatAddress(answer) : '';
  if (!address) throw geocodeFailed('not-found', answer?.error ?? 'no address');
  return address;
}

/** The written address at a point (docs/product.md §7 reverse geocode), from the cache or from Nominatim. */
export async function reverseGeocode(point: LatLng): Promise<string> {
  const { config, db } = await getRuntime();
  const key = cacheKey(point);
  const now = Date.now();
  const cached = await db.selectFrom('geocode_cache').select(['address', 'created_at']).where('key', '=', key).executeTakeFirst();
  if (cached && now - cached.created_at < GEOCODE_CACHE_TTL_MS) return cached.address;

  const address = await askNominatim(point, config.nominatimUrl, config.appUrl);
  await db
    .insertInto('geocode_cache')
    .values({ key, address, created_at: Date.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ address, created_at: Date.now() }))
    .execute();
  return address;
}
