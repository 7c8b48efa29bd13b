import { en } from './guest-words/en.ts';
import type { GuestWords } from './guest-words/schema.ts';

/**
 * The categories of a host's recommended places (the bakery, the beach), in the order the guest
 * page groups them. A place stores only its category's id; its name is the guest dictionary's
 * (`placeCategory.<key>.name`: src/lib/shared/guest-words), its icon is here. `name` is the
 * English one, which the editor shows; a guest page in another language asks `placeCategoryName`
 * with its words.
 *
 * `icon` is the inner markup of a 24×24 stroke icon (no <svg> wrapper), from Lucide
 * (lucide.dev, ISC licence, © Lucide Icons and Contributors). It is a constant of ours, never
 * user input, so it may be inlined as HTML: `placeCategorySvg` wraps it for the guest page (which
 * works without JavaScript), React can use `dangerouslySetInnerHTML` on an <svg>.
 */
export const PLACE_CATEGORY_IDS = ['eat', 'drink', 'coffee', 'shop', 'see', 'beach', 'nature', 'family', 'transport', 'health', 'other'] as const;

/** A category's id, as a place stores it (`z.enum(PLACE_CATEGORY_IDS)`). */
export type PlaceCategory = (typeof PLACE_CATEGORY_IDS)[number];

export interface PlaceCategoryInfo {
  id: PlaceCategory;
  /** Its name's key in the guest dictionary: `placeCategory.<key>.name` (the id, today). */
  key: PlaceCategory;
  /** In English. */
  name: string;
  icon: string;
}

function category(id: PlaceCategory, icon: string): PlaceCategoryInfo {
  return { id, key: id, name: en[`placeCategory.${id}.name`], icon };
}

/** Lucide's icons: utensils, wine, coffee, shopping-bag, landmark, umbrella, trees, ferris-wheel, bus, heart-pulse, map-pin. */
export const PLACE_CATEGORIES: readonly PlaceCategoryInfo[] = [
  category('eat', '<path d="M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2"/><path d="M7 2v20"/><path d="M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3Zm0 0v7"/>'),
  category('drink', '<path d="M8 22h8"/><path d="M7 10h10"/><path d="M12 15v7"/><path d="M12 15a5 5 0 0 0 5-5c0-2-.5-4-2-8H9c-1.5 4-2 6-2 8a5 5 0 0 0 5 5Z"/>'),
  category('coffee', '<path d="M10 2v2"/><path d="M14 2v2"/><path d="M16 8a1 1 0 0 1 1 1v8a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V9a1 1 0 0 1 1-1h14a4 4 0 1 1 0 8h-1"/><path d="M6 2v2"/>'),
  category('shop', '<path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4Z"/><path d="M3 6h18"/><path d="M16 10a4 4 0 0 1-8 0"/>'),
  category('see', '<path d="M10 18v-7"/><path d="M11.12 2.198a2 2 0 0 1 1.76.006l7.866 3.847c.476.233.31.949-.22.949H3.474c-.53 0-.695-.716-.22-.949z"/><path d="M14 18v-7"/><path d="M18 18v-7"/><path d="M3 22h18"/><path d="M6 18v-7"/>'),
  category('beach', '<path d="M22 12a10.06 10.06 1 0 0-20 0Z"/><path d="M12 12v8a2 2 0 0 0 4 0"/><path d="M12 2v1"/>'),
  category('nature', '<path d="M10 10v.2A3 3 0 0 1 8.9 16H5a3 3 0 0 1-1-5.8V10a3 3 0 0 1 6 0Z"/><path d="M7 16v6"/><path d="M13 19v3"/><path d="M12 19h8.3a1 1 0 0 0 .7-1.7L18 14h.3a1 1 0 0 0 .7-1.7L16 9h.2a1 1 0 0 0 .8-1.7L13 3l-1.4 1.5"/>'),
  category('family', '<circle cx="12" cy="12" r="2"/><path d="M12 2v4"/><path d="m6.8 15-3.5 2"/><path d="m20.7 7-3.5 2"/><path d="M6.8 9 3.3 7"/><path d="m20.7 17-3.5-2"/><path d="m9 22 3-8 3 8"/><path d="M8 22h8"/><path d="M18 18.7a9 9 0 1 0-12 0"/>'),
  category('transport', '<path d="M8 6v6"/><path d="M15 6v6"/><path d="M2 12h19.6"/><path d="M18 18h3s.5-1.7.8-2.8c.1-.4.2-.8.2-1.2 0-.4-.1-.8-.2-1.2l-1.4-5C20.1 6.8 19.1 6 18 6H4a2 2 0 0 0-2 2v10h3"/><circle cx="7" cy="18" r="2"/><path d="M9 18h5"/><circle cx="16" cy="18" r="2"/>'),
  category('health', '<path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"/><path d="M3.22 12H9.5l.5-1 2 4.5 2-7 1.5 3.5h5.27"/>'),
  category('other', '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>'),
];

/** The category of a stored id, or undefined for one this version does not know. */
export function findPlaceCategory(id: string): PlaceCategoryInfo | undefined {
  return PLACE_CATEGORIES.find((entry) => entry.id === id);
}

/** A place's category as given: its entry, or its id (a place's `category`). */
function entryOf(category: PlaceCategoryInfo | PlaceCategory): PlaceCategoryInfo {
  // The id type allows only known ids, so the lookup always finds one.
  return typeof category === 'string' ? findPlaceCategory(category)! : category;
}

/** A category's name in `words` (English by default). */
export function placeCategoryName(category: PlaceCategoryInfo | PlaceCategory, words: Pick<GuestWords, `placeCategory.${PlaceCategory}.name`> = en): string {
  return words[`placeCategory.${entryOf(category).key}.name`];
}

/**
 * The icon as a complete inline <svg>, decorative (the category's name is beside it). Colour
 * follows the surrounding text (`currentColor`).
 */
export function placeCategorySvg(category: PlaceCategoryInfo | PlaceCategory, size = 24): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${entryOf(category).icon}</svg>`;
}
