import { en } from '@shared/guest-words/en.ts';
import { parseMapCoordinates, type LatLng } from '@shared/map-coordinates.ts';
import type { Place } from '@shared/schemas/instruction.ts';
import { formatWalk, walkingDistance } from '@shared/walking-distance.ts';

/**
 * The editor's map of the recommendations (docs/decisions/025-editor-places-map.md): the places
 * drawn around the property from their coordinates alone, north up, in a square of `SIZE` units
 * centred on the property (or on the places' median when the property's map link spells no point).
 * No tiles, so nothing is fetched from a third party and the map is there offline too.
 */
export const SIZE = 320;
/** Room for the pins' circles at the edge. */
const RADIUS = SIZE / 2 - 22;
/** A place further than this from the centre is drawn at the edge and said to be far. */
export const FAR_METERS = 10_000;
/** Ring spacings, the smallest that fits the places at most three rings out. */
const STEPS = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000] as const;

const METERS_PER_DEGREE = 111_320;

export interface MapPin {
  id: number;
  /** The place's position in the list, counted from 1: "Place 3". */
  number: number;
  name: string;
  pick: boolean;
  x: number;
  y: number;
  /** Further than FAR_METERS: drawn at the edge in its direction. */
  far: boolean;
  point: LatLng;
  /** "650 m · 9 min walk" from the property, as guests read it; '' without the property's point. */
  walk: string;
}

export interface PlacesMapLayout {
  /** The property's point, drawn at the centre, or null. */
  property: LatLng | null;
  pins: MapPin[];
  /** Places with no point yet, by their number. */
  unplaced: Array<{ id: number; number: number; name: string }>;
  /** Distance rings around the property (radius in units, label), none without it. */
  rings: Array<{ radius: number; label: string }>;
  /** A scale bar: its length in units and what it measures. */
  scale: { length: number; label: string };
}

function distanceLabel(meters: number): string {
  return meters >= 1000 ? `${meters / 1000} km` : `${meters} m`;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function hasPoint(place: Place): place is Place & { lat: number; lng: number } {
  return typeof place.lat === 'number' && typeof place.lng === 'number';
}

/** Metres east and north of `from`: flat-earth, exact enough within a town. */
function offset(from: LatLng, to: LatLng): { east: number; north: number } {
  return {
    east: (to.lng - from.lng) * METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180),
    north: (to.lat - from.lat) * METERS_PER_DEGREE,
  };
}

/** Where each place goes on the map, from the property's map link and the places' own points. */
export function placesMapLayout(places: readonly Place[], propertyMapLink: string): PlacesMapLayout {
  const property = propertyMapLink ? parseMapCoordinates(propertyMapLink) : null;
  const located = places.flatMap((place, index) => (hasPoint(place) ? [{ place, number: index + 1, point: { lat: place.lat, lng: place.lng } }] : []));
  const unplaced = places.flatMap((place, index) => (hasPoint(place) ? [] : [{ id: place.id, number: index + 1, name: place.name }]));
  // Without the property's point, the places' median: one place pasted from the wrong town does not drag the centre away.
  const centre = property ?? { lat: median(located.map((entry) => entry.point.lat)), lng: median(located.map((entry) => entry.point.lng)) };

  const offsets = located.map((entry) => offset(centre, entry.point));
  const distances = offsets.map(({ east, north }) => Math.hypot(east, north));
  const furthest = Math.max(0, ...distances.filter((meters) => meters <= FAR_METERS));
  const step = STEPS.find((candidate) => candidate * 3 >= furthest) ?? STEPS.at(-1)!;
  const rings = Math.max(1, Math.ceil(furthest / step));
  const unitsPerMeter = RADIUS / (rings * step);

  const pins = located.map((entry, index): MapPin => {
    const { east, north } = offsets[index]!;
    const meters = distances[index]!;
    const far = meters > FAR_METERS;
    // A far place sits on the edge, in its direction.
    const shrink = far ? (RADIUS + 8) / (meters * unitsPerMeter) : 1;
    const walk = property ? walkingDistance(property, entry.point) : null;
    return {
      id: entry.place.id,
      number: entry.number,
      name: entry.place.name,
      pick: entry.place.pick,
      x: east * unitsPerMeter * shrink,
      y: -north * unitsPerMeter * shrink,
      far,
      point: entry.point,
      walk: walk ? formatWalk(walk, en) : '',
    };
  });

  return {
    property,
    pins,
    unplaced,
    rings: property ? Array.from({ length: rings }, (_, ring) => ({ radius: (ring + 1) * step * unitsPerMeter, label: distanceLabel((ring + 1) * step) })) : [],
    scale: { length: step * unitsPerMeter, label: distanceLabel(step) },
  };
}

/** "43.50652, 16.43050": five decimals, about a metre. */
export function formatPoint({ lat, lng }: LatLng): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
