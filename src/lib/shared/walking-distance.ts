import { en } from './guest-words/en.ts';
import { formatDistance } from './guest-words/formats.ts';
import type { GuestWords } from './guest-words/schema.ts';
import { t } from './guest-words/t.ts';

/**
 * How far a recommended place is from the property, on foot: an estimate from two pairs of
 * coordinates, with no routing service to ask. The great-circle distance is stretched by a
 * fixed factor for the streets between the two; under 2 km the guest also reads the walking
 * time, further than that a walk is no longer what the distance suggests.
 */

/** Coordinates as a guidebook or a place may hold them: either may be missing. */
export interface MaybeCoordinates {
  lat?: number | null | undefined;
  lng?: number | null | undefined;
}

export interface Walk {
  /** Along the streets, estimated, in whole metres. */
  meters: number;
  /** Walking time in whole minutes (at least 1), or null from `WALK_LIMIT_METERS` on. */
  minutes: number | null;
}

/** The mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_METERS = 6_371_008.8;
/** Streets are longer than the straight line: a common rule of thumb for towns. */
export const STREET_FACTOR = 1.3;
/** From here on the walking time is not shown. */
export const WALK_LIMIT_METERS = 2000;
/** 4.8 km/h. */
const WALK_METERS_PER_MINUTE = 4800 / 60;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

function validPoint(point: MaybeCoordinates | null | undefined): { lat: number; lng: number } | null {
  if (!point) return null;
  const { lat, lng } = point;
  // typeof rules out null and undefined; isFinite rules out NaN and ±Infinity.
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** Haversine distance in metres. */
function greatCircleMeters(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for points opposite each other: asin would give NaN.
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * The walk from the property (`from`) to a place (`to`), or null when either lacks coordinates
 * or has them out of range. The distance is rounded to whole metres first and the limit and the
 * minutes are taken from that rounded number, so what the guest reads agrees with itself: a walk
 * of 1999 m has minutes, one of 2000 m has none.
 */
export function walkingDistance(from: MaybeCoordinates | null | undefined, to: MaybeCoordinates | null | undefined): Walk | null {
  const start = validPoint(from);
  const end = validPoint(to);
  if (!start || !end) return null;
  const meters = Math.round(greatCircleMeters(start, end) * STREET_FACTOR);
  // The same spot is still a minute's walk: "0 min" reads like a mistake.
  const minutes = meters < WALK_LIMIT_METERS ? Math.max(1, Math.ceil(meters / WALK_METERS_PER_MINUTE)) : null;
  return { meters, minutes };
}

/**
 * "650 m · 8 min walk" under the limit, "2.4 km" from it on. Numbers are written in `locale`,
 * else in the locale `words` name (`locale.format`), else in English's. The separator is
 * punctuation, not a word, so it is not in the dictionary.
 */
export function formatWalk(walk: Walk, words: Pick<GuestWords, 'places.walk'> & Partial<Pick<GuestWords, 'locale.format'>>, locale: string = words['locale.format'] ?? en['locale.format']): string {
  const distance = formatDistance(walk.meters, locale);
  if (walk.minutes === null) return distance;
  return `${distance} · ${t(words, 'places.walk', { minutes: new Intl.NumberFormat(locale).format(walk.minutes) })}`;
}
