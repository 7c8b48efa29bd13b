/** A point on the map, in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const LAT = String.raw`(?<lat>[-+]?\d{1,2}(?:\.\d+)?)`;
const LNG = String.raw`(?<lng>[-+]?\d{1,3}(?:\.\d+)?)`;
const PAIR = String.raw`${LAT}\s*,\s*${LNG}`;
/** Ends a number: without it `@43.5,16.4.7` or `q=43.5,16.4abc` would pass for a pair. */
const END = String.raw`(?![\d.]|[a-z])`;

/**
 * Link forms that carry a point, most precise first (docs/product.md §4 address flow):
 * - Google: `!3d43.5!4d16.4` (the place's own pin, inside `data=`), `?q=` / `?ll=` / `?query=` /
 *   `?destination=` / `?daddr=` / `?center=` / `?cbll=` / `?viewpoint=` (search, directions,
 *   Street View, the Maps URLs API; `q=loc:` too), `/maps/place|search|dir/43.5,16.4`,
 *   then `/@43.5,16.4,17z` (the viewport's centre: close, but not the pin);
 * - Apple: `?ll=`, `?sll=`, `?q=`, `?daddr=`, `?coordinate=`, `?center=`;
 * - OpenStreetMap: `?mlat=&mlon=`, `#map=18/43.5/16.4`, `?lat=&lon=`;
 * - `geo:43.5,16.4` URIs, dropped pins written in degrees, minutes and seconds
 *   (`43°30'29.2"N 16°26'24.7"E`), and a bare "43.5, 16.4" pasted on its own.
 */
const PATTERNS: RegExp[] = [
  new RegExp(String.raw`!3d${LAT}!4d${LNG}${END}`),
  new RegExp(String.raw`[?&](?:q|ll|sll|query|destination|daddr|center|coordinate|cbll|viewpoint)=(?:loc:)?\s*${PAIR}${END}`, 'i'),
  new RegExp(String.raw`[?&]mlat=${LAT}&mlon=${LNG}${END}`, 'i'),
  new RegExp(String.raw`[?&]mlon=${LNG}&mlat=${LAT}${END}`, 'i'),
  new RegExp(String.raw`#map=\d{1,2}(?:\.\d+)?/${LAT}/${LNG}${END}`),
  new RegExp(String.raw`/maps/(?:place|search|dir)/(?:[^?#]*/)?${PAIR}${END}`),
  new RegExp(String.raw`/@${PAIR}${END}`),
  new RegExp(String.raw`[?&]lat=${LAT}&lon=${LNG}${END}`, 'i'),
  new RegExp(String.raw`^geo:${PAIR}${END}`, 'i'),
  new RegExp(String.raw`^${PAIR}$`),
];

const DMS = /(\d{1,2})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]\s*([NS])[\s,]*(\d{1,3})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]\s*([EW])/i;

/** Valid latitude and longitude, or null. Rejects NaN, Infinity and out-of-range values. */
export function toLatLng(lat: number, lng: number): LatLng | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  // Normalise -0 (from "-0.0") so JSON and cache keys stay plain.
  return { lat: lat + 0, lng: lng + 0 };
}

/**
 * The link as a reader would see it: percent-escapes decoded (twice at most, for a link wrapped
 * in another one's `continue=` or `link=`), `+` as a space, HTML's `&amp;` as `&`.
 */
function readable(text: string): string[] {
  const forms = [text];
  let current = text;
  for (let round = 0; round < 2; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      break;
    }
    if (decoded === current) break;
    forms.push(decoded);
    current = decoded;
  }
  return forms.map((form) => form.replace(/&amp;/g, '&'));
}

function fromDms(match: RegExpExecArray): LatLng | null {
  const part = (degrees: string, minutes: string, seconds: string, hemisphere: string) => {
    const value = Number(degrees) + Number(minutes) / 60 + Number(seconds) / 3600;
    return /[SW]/i.test(hemisphere) ? -value : value;
  };
  const [, d1, m1, s1, h1, d2, m2, s2, h2] = match as unknown as [string, string, string, string, string, string, string, string, string];
  if (Number(m1) >= 60 || Number(m2) >= 60 || Number(s1) >= 60 || Number(s2) >= 60) return null;
  return toLatLng(Number(part(d1, m1, s1, h1).toFixed(6)), Number(part(d2, m2, s2, h2).toFixed(6)));
}

/**
 * Coordinates written in a map link (or pasted on their own), or null when the link carries none,
 * as short links do (maps.app.goo.gl): resolve-map-link.ts follows those. Pure: no network.
 */
export function parseMapCoordinates(link: string): LatLng | null {
  const text = link.trim();
  if (text === '' || text.length > 4096) return null;
  for (const form of readable(text)) {
    for (const pattern of PATTERNS) {
      const match = pattern.exec(form);
      if (!match) continue;
      const point = toLatLng(Number(match.groups?.lat), Number(match.groups?.lng));
      if (point) return point;
    }
    const dms = DMS.exec(form);
    if (dms) {
      const point = fromDms(dms);
      if (point) return point;
    }
  }
  return null;
}
