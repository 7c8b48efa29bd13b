/** Coordinates in a map link, when the link itself carries them. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * `@43.5081,16.4402,18z` (Google Maps), `?q=43.5,16.4` / `?ll=` / `?query=` (Google, Apple),
 * `#map=18/43.5/16.4` or `?mlat=&mlon=` (OpenStreetMap). Short links (maps.app.goo.gl) carry none:
 * resolving them is the maps API's job, the guest page then shows an "Open in Maps" link only.
 */
const PATTERNS: RegExp[] = [
  /@(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)/,
  /[?&](?:q|ll|query|daddr|center)=(-?\d{1,2}(?:\.\d+)?)(?:,|%2C)\s*(-?\d{1,3}(?:\.\d+)?)/i,
  /#map=\d+\/(-?\d{1,2}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)/,
  /[?&]mlat=(-?\d{1,2}(?:\.\d+)?)&mlon=(-?\d{1,3}(?:\.\d+)?)/,
];

export function coordinatesFromMapLink(url: string): LatLng | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(url);
    if (!match) continue;
    const lat = Number(match[1]);
    const lng = Number(match[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  }
  return null;
}

/** The embed docs/product.md §9 fixes: zoom 18. Loaded only after the guest asks for the map. */
export const MAP_EMBED_ORIGINS = ['https://maps.google.com', 'https://www.google.com'] as const;

export function mapEmbedUrl({ lat, lng }: LatLng): string {
  return `https://maps.google.com/maps?q=${lat},${lng}&z=18&output=embed`;
}
