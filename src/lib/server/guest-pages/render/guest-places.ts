import type { GuestWords } from '@shared/guest-words/index.ts';
import { PLACE_CATEGORIES, placeCategoryName, placeCategorySvg } from '@shared/place-categories.ts';
import type { Place } from '@shared/schemas/instruction.ts';
import { formatWalk, walkingDistance, type MaybeCoordinates } from '@shared/walking-distance.ts';
import type { FallbackLang, GuestPlace, GuestPlaces } from './guest-page-model.ts';

/**
 * The directions to a place: Google's "Maps URLs" (a plain link, which opens the map app on Android
 * and iOS and the browser elsewhere; nothing loads on the page) to its coordinates, else to its
 * written address, else the host's own map link, else none.
 */
export function directionsUrl(place: Pick<Place, 'lat' | 'lng' | 'address' | 'mapUrl'>): string {
  const base = 'https://www.google.com/maps/dir/?api=1&destination=';
  if (place.lat !== null && place.lng !== null) return `${base}${place.lat},${place.lng}`;
  if (place.address.trim()) return `${base}${encodeURIComponent(place.address.trim())}`;
  return place.mapUrl;
}

/** The places grouped for the guest page (see GuestPlaces). */
export function placesOf(places: Place[], property: MaybeCoordinates | null, render: (place: Place) => { html: string; imageUrl: string; nameLang: FallbackLang; htmlLang: FallbackLang; addressLang: FallbackLang }, words: GuestWords): GuestPlaces {
  const view = (place: Place): GuestPlace => {
    const walk = walkingDistance(property, place);
    const digits = place.phone.replace(/[^\d+]/g, '');
    return {
      id: place.id,
      name: place.name,
      category: place.category,
      svg: placeCategorySvg(place.category),
      pick: place.pick,
      ...render(place),
      walk: walk ? formatWalk(walk, words) : '',
      address: place.address,
      directions: directionsUrl(place),
      website: place.website,
      call: digits ? `tel:${digits}` : '',
    };
  };
  const used = new Set(places.map((place) => place.category));
  return {
    favourites: places.filter((place) => place.pick).map(view),
    groups: PLACE_CATEGORIES.flatMap((category) => {
      const inIt = places.filter((place) => !place.pick && place.category === category.id);
      return inIt.length > 0 ? [{ category: category.id, name: placeCategoryName(category, words), svg: placeCategorySvg(category), places: inIt.map(view) }] : [];
    }),
    categories: PLACE_CATEGORIES.filter((category) => used.has(category.id)).map((category) => ({ category: category.id, name: placeCategoryName(category, words) })),
    count: places.length,
  };
}
