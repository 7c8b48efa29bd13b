// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import sharp from 'sharp';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { en } from '../src/lib/shared/guest-words/en.ts';
import { withEnglish } from '../src/lib/shared/guest-words/index.ts';
import { findPlaceCategory, PLACE_CATEGORIES, PLACE_CATEGORY_IDS, placeCategoryName, placeCategorySvg, type PlaceCategory } from '../src/lib/shared/place-categories.ts';
import { formatWalk, STREET_FACTOR, WALK_LIMIT_METERS, walkingDistance } from '../src/lib/shared/walking-distance.ts';

/**
 * The shared pieces of the guidebook's recommended places: the categories (names from the guest
 * dictionary, Lucide icons) and the walking distance from the property to a place. Pure modules:
 * no server.
 */
const ORDER = ['eat', 'drink', 'coffee', 'shop', 'see', 'beach', 'nature', 'family', 'transport', 'health', 'other'];

/** The only elements and attributes an icon may use (the <svg> wrapper sets the rest). */
const ELEMENT = /<(path|circle|rect|polygon|polyline)((?: [a-z]+="[^"<>]*")+)\s*\/>/y;
const ATTRIBUTES = new Set(['d', 'cx', 'cy', 'r', 'x', 'y', 'width', 'height', 'rx', 'points']);
/** SVG path data: command letters and numbers ("-.5", "1.2e-3"), separated by spaces or commas. */
const PATH_TOKEN = /[\s,]*(?:[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/y;

/** What is wrong with path data: it starts with a move and reads as commands and numbers to its end. */
function pathProblems(data: string): string[] {
  if (!/^M/i.test(data)) return [`path does not start with a move: ${data}`];
  let at = 0;
  PATH_TOKEN.lastIndex = 0;
  while (PATH_TOKEN.test(data)) at = PATH_TOKEN.lastIndex;
  return data.slice(at).trim() === '' ? [] : [`path data unreadable at ${at}: ${data}`];
}

/** What is wrong with an icon's markup: elements, attributes and path data read one by one. */
function iconProblems(icon: string): string[] {
  const problems: string[] = [];
  ELEMENT.lastIndex = 0;
  let elements = 0;
  while (ELEMENT.lastIndex < icon.length) {
    const at = ELEMENT.lastIndex;
    const match = ELEMENT.exec(icon);
    if (!match) return [...problems, `not a closed element at ${at}: ${icon.slice(at, at + 40)}`];
    elements += 1;
    for (const [, name, value] of match[2]!.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      if (!ATTRIBUTES.has(name!)) problems.push(`attribute ${name} on <${match[1]}>`);
      else if (name === 'd') problems.push(...pathProblems(value!));
      else if (name !== 'points' && !/^-?(\d+\.?\d*|\.\d+)$/.test(value!)) problems.push(`${name}="${value}" is not a number`);
    }
  }
  return elements === 0 ? ['no element'] : problems;
}

/** A point `meters` north of `from` along its meridian, where the haversine is exactly R·Δφ. */
function north(from: { lat: number; lng: number }, meters: number) {
  return { lat: from.lat + (meters / 6_371_008.8) * (180 / Math.PI), lng: from.lng };
}

/** A point whose walk from `from` measures `streetMeters` before rounding. */
function streetAway(from: { lat: number; lng: number }, streetMeters: number) {
  return north(from, streetMeters / STREET_FACTOR);
}

const RIVA = { lat: 43.5081, lng: 16.4402 };

describe('place categories', () => {
  it('are the 11, in the guest page’s order, with unique ids; PLACE_CATEGORY_IDS matches and feeds z.enum', () => {
    expect(PLACE_CATEGORIES.map((category) => category.id)).toEqual(ORDER);
    expect([...PLACE_CATEGORY_IDS]).toEqual(ORDER);
    expect(new Set(PLACE_CATEGORY_IDS).size).toBe(PLACE_CATEGORY_IDS.length);
    const schema = z.enum(PLACE_CATEGORY_IDS);
    expect(schema.parse('beach')).toBe('beach');
    expect(schema.safeParse('bar').success).toBe(false);
    expectTypeOf<z.infer<typeof schema>>().toEqualTypeOf<PlaceCategory>();
  });

  it('each has its name from the dictionary, distinct, and is found by its id', () => {
    for (const category of PLACE_CATEGORIES) {
      expect(category.name, category.id).toBe(en[`placeCategory.${category.key}.name`]);
      expect(category.name.length, category.id).toBeGreaterThan(0);
      expect(findPlaceCategory(category.id)).toBe(category);
      expect(placeCategoryName(category)).toBe(category.name);
      expect(placeCategoryName(category.id)).toBe(category.name);
    }
    expect(new Set(PLACE_CATEGORIES.map((category) => category.name)).size).toBe(11);
    expect(PLACE_CATEGORIES.map((category) => category.name)).toEqual(['Eat', 'Drink', 'Coffee', 'Shops', 'Sights', 'Beaches', 'Nature', 'Family', 'Getting around', 'Health', 'Other']);
    expect(findPlaceCategory('bar')).toBeUndefined();
    expect(findPlaceCategory('')).toBeUndefined();
    expect(placeCategoryName('beach', withEnglish({ 'placeCategory.beach.name': 'Plaže' }))).toBe('Plaže');
  });

  it('each icon is well-formed markup of the allowed elements and attributes', () => {
    for (const category of PLACE_CATEGORIES) expect(iconProblems(category.icon), category.id).toEqual([]);
    expect(new Set(PLACE_CATEGORIES.map((category) => category.icon)).size).toBe(11);
  });

  it('the check above would notice a broken icon', () => {
    expect(iconProblems('<path d="M3 2v7"/><path d="M7 2v20">')).not.toEqual([]);
    expect(iconProblems('<path d="M3 2v7" fill="red"/>')).toEqual(['attribute fill on <path>']);
    expect(iconProblems('<path d="M3 2v7 Q#"/>')).not.toEqual([]);
    expect(iconProblems('<circle cx="12" cy="x" r="2"/>')).not.toEqual([]);
    expect(iconProblems('')).toEqual(['no element']);
  });

  it('each placeCategorySvg renders to a PNG with something drawn, at the size asked', async () => {
    for (const category of PLACE_CATEGORIES) {
      const svg = placeCategorySvg(category, 48);
      expect(svg).toMatch(/^<svg [^>]*width="48" height="48" viewBox="0 0 24 24"[^>]*aria-hidden="true"[^>]*>.*<\/svg>$/);
      expect(svg.match(/<svg/g)).toHaveLength(1);
      const { data, info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
      expect(info.width, category.id).toBe(48);
      const { channels } = await sharp(data).stats();
      expect(channels[3]!.max, `${category.id} draws nothing`).toBeGreaterThan(0);
    }
    expect(placeCategorySvg('beach')).toBe(placeCategorySvg(findPlaceCategory('beach')!, 24));
  });
});

describe('walking distance', () => {
  it('the same point is 0 m and still a minute’s walk', () => {
    expect(walkingDistance(RIVA, RIVA)).toEqual({ meters: 0, minutes: 1 });
    expect(formatWalk(walkingDistance(RIVA, RIVA)!, en)).toBe('0 m · 1 min walk');
  });

  it('Split’s Riva to a point about 500 m away agrees with a hand computation within 1 %', () => {
    const to = { lat: 43.5113, lng: 16.4447 };
    // By hand, flat at this scale: 1° of latitude is 6,371,008.8 · π/180 = 111,195 m.
    // North: 0.0032° · 111,195 = 355.8 m. East: 0.0045° · 111,195 · cos 43.51° (0.7254) = 363.0 m.
    // Straight: √(355.8² + 363.0²) = 508.3 m; by the streets · 1.3 = 660.8 m; at 80 m a minute 8.3 → 9 min.
    const walk = walkingDistance(RIVA, to)!;
    expect(walk.meters).toBeGreaterThan(660.8 * 0.99);
    expect(walk.meters).toBeLessThan(660.8 * 1.01);
    expect(walk).toEqual({ meters: 661, minutes: 9 });
    expect(formatWalk(walk, en)).toBe('661 m · 9 min walk');
    // The same both ways.
    expect(walkingDistance(to, RIVA)).toEqual(walk);
  });

  it('minutes are the walk at 4.8 km/h rounded up', () => {
    expect(walkingDistance(RIVA, streetAway(RIVA, 80))).toEqual({ meters: 80, minutes: 1 });
    expect(walkingDistance(RIVA, streetAway(RIVA, 81))).toEqual({ meters: 81, minutes: 2 });
    expect(walkingDistance(RIVA, streetAway(RIVA, 640))).toEqual({ meters: 640, minutes: 8 });
    expect(formatWalk(walkingDistance(RIVA, streetAway(RIVA, 650))!, en)).toBe('650 m · 9 min walk');
  });

  it('just under 2 km has minutes; 2 km and above has none and reads in km', () => {
    const under = walkingDistance(RIVA, streetAway(RIVA, 1999))!;
    expect(under).toEqual({ meters: 1999, minutes: 25 });
    expect(formatWalk(under, en)).toBe('2 km · 25 min walk');
    expect(walkingDistance(RIVA, streetAway(RIVA, 1999.4))).toEqual({ meters: 1999, minutes: 25 });
    // The limit is on the whole metres the guest reads, so 1999.6 is 2000 and has no minutes.
    expect(walkingDistance(RIVA, streetAway(RIVA, 1999.6))).toEqual({ meters: 2000, minutes: null });
    const at = walkingDistance(RIVA, streetAway(RIVA, WALK_LIMIT_METERS))!;
    expect(at).toEqual({ meters: 2000, minutes: null });
    expect(formatWalk(at, en)).toBe('2 km');
    const above = walkingDistance(RIVA, streetAway(RIVA, 2400))!;
    expect(above).toEqual({ meters: 2400, minutes: null });
    expect(formatWalk(above, en)).toBe('2.4 km');
    expect(formatWalk(walkingDistance(RIVA, streetAway(RIVA, 12_345))!, en)).toBe('12 km');
  });

  it('half the world away is a number, not NaN', () => {
    const walk = walkingDistance({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })!;
    expect(walk.meters).toBe(Math.round(Math.PI * 6_371_008.8 * STREET_FACTOR));
    expect(walk.minutes).toBeNull();
  });

  it('is null when either side lacks coordinates or has them out of range', () => {
    const cases: Array<Parameters<typeof walkingDistance>[0]> = [
      null,
      undefined,
      {},
      { lat: null, lng: 16.44 },
      { lat: 43.5, lng: undefined },
      { lat: Number.NaN, lng: 16.44 },
      { lat: 43.5, lng: Number.POSITIVE_INFINITY },
      { lat: 90.0001, lng: 16.44 },
      { lat: -91, lng: 16.44 },
      { lat: 43.5, lng: 180.5 },
      { lat: 43.5, lng: -181 },
    ];
    for (const side of cases) {
      expect(walkingDistance(side, RIVA), JSON.stringify(side)).toBeNull();
      expect(walkingDistance(RIVA, side), JSON.stringify(side)).toBeNull();
    }
    // The edges of the range are coordinates.
    expect(walkingDistance({ lat: 90, lng: -180 }, { lat: -90, lng: 180 })).not.toBeNull();
  });

  it('formatWalk writes numbers in the dictionary’s locale, or in the one given', () => {
    const german = withEnglish({ 'locale.format': 'de', 'places.walk': '{minutes} Min. zu Fuß' });
    expect(formatWalk({ meters: 650, minutes: 9 }, german)).toBe('650 m · 9 Min. zu Fuß');
    expect(formatWalk({ meters: 2400, minutes: null }, german)).toBe('2,4 km');
    expect(formatWalk({ meters: 2400, minutes: null }, en, 'de')).toBe('2,4 km');
    expect(formatWalk({ meters: 650, minutes: 9 }, { 'places.walk': en['places.walk'] })).toBe('650 m · 9 min walk');
  });
});
