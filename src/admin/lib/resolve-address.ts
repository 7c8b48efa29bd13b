import { messages } from '@shared/messages.ts';
import { api } from './api-client.ts';

/** docs/product.md §3 "Geocoded address". */
interface GeocodedAddress {
  street?: string;
  city?: string;
  postcode?: string;
  country?: string;
  formatted?: string;
}

interface ReverseGeocodeAnswer {
  success?: boolean;
  address?: string | GeocodedAddress | null;
  message?: string;
}

/** A point on the map, in decimal degrees. */
export interface MapPoint {
  lat: number;
  lng: number;
}

/**
 * `lat` and `lng` are the point the link named (a place stores them beside the address). A failed
 * lookup keeps the point when only the address was missing (`point`): the link was good, the
 * address service was not (docs/product/places.md).
 */
export type AddressResult = { ok: true; address: string; lat: number; lng: number } | { ok: false; message: string; point: MapPoint | null };

const KNOWN: ReadonlySet<string> = new Set([messages.address.unresolved, messages.address.failed]);

/** The server's own failure text when it is one of docs/product.md §8's two; anything else (404, network) failed. */
function failureOf(error: unknown, point: MapPoint | null = null): AddressResult {
  return { ok: false, message: error instanceof Error && KNOWN.has(error.message) ? error.message : messages.address.failed, point };
}

/** docs/product.md §4 Address flow: street, city, postcode and country joined by commas, else the formatted line. */
export function writtenAddress(address: string | GeocodedAddress | null | undefined): string {
  if (!address) return '';
  if (typeof address === 'string') return address.trim();
  const parts = [address.street, address.city, address.postcode, address.country].map((part) => part?.trim() ?? '').filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : (address.formatted?.trim() ?? '');
}

/**
 * Map link → coordinates → written address (docs/product.md §4, §7). "Could not resolve address" when the
 * service found nothing there; "Address resolution failed" when a call failed outright (network,
 * Nominatim down, or no endpoint at all). The map API answers both texts as `{ message }`. Once the
 * link gave a point, a failure keeps it.
 */
export async function resolveAddress(mapUrl: string): Promise<AddressResult> {
  let point: { lat?: unknown; lng?: unknown };
  try {
    point = await api.get<{ lat?: unknown; lng?: unknown }>(`/api/map/resolve-map?url=${encodeURIComponent(mapUrl)}`);
  } catch (error) {
    return failureOf(error);
  }
  const lat = Number(point?.lat);
  const lng = Number(point?.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { ok: false, message: messages.address.unresolved, point: null };

  let answer: ReverseGeocodeAnswer;
  try {
    answer = await api.get<ReverseGeocodeAnswer>(`/api/map/reverse-geocode?lat=${lat}&lng=${lng}`);
  } catch (error) {
    // Nominatim unreachable or rate limiting: the point stands, the host types the address.
    return failureOf(error, { lat, lng });
  }
  const address = answer?.success === false ? '' : writtenAddress(answer?.address);
  return address ? { ok: true, address, lat, lng } : { ok: false, message: messages.address.unresolved, point: { lat, lng } };
}
