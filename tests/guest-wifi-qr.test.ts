// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { mapEmbedUrl } from '../src/lib/server/guest-pages/render/map-coordinates.ts';
import { parseMapCoordinates } from '../src/lib/shared/map-coordinates.ts';
import { renderParagraph } from '../src/lib/server/guest-pages/render/render-paragraph.ts';
import { buildWifiPayload, escapeWifiField, wifiQrSvg } from '../src/lib/server/guidebook/wifi-qr.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '../src/lib/shared/schemas/instruction.ts';

describe('Wi-Fi QR payload', () => {
  it('builds the WIFI: string for each security type', () => {
    expect(buildWifiPayload({ ssid: 'Cottage', password: 'sunny', security: 'WPA' })).toBe('WIFI:T:WPA;S:Cottage;P:sunny;;');
    expect(buildWifiPayload({ ssid: 'Old', password: 'abc', security: 'WEP' })).toBe('WIFI:T:WEP;S:Old;P:abc;;');
    expect(buildWifiPayload({ ssid: 'Open', password: 'ignored', security: 'nopass' })).toBe('WIFI:T:nopass;S:Open;;');
  });

  it('escapes backslash, semicolon, comma, colon and double quote', () => {
    expect(escapeWifiField('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(buildWifiPayload({ ssid: 'My;Net', password: 'p:a,s"s\\', security: 'WPA' })).toBe('WIFI:T:WPA;S:My\\;Net;P:p\\:a\\,s\\"s\\\\;;');
  });

  it('renders a 300×300 inline SVG on our server, and nothing without a network name', async () => {
    const svg = await wifiQrSvg({ ssid: 'Cottage', password: 'sunny', security: 'WPA' });
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('width="300"');
    expect(svg).toContain('height="300"');
    expect(svg).toContain('aria-label="Wi-Fi QR code"');
    expect(svg).not.toContain('sunny'); // the password is encoded in modules, never as text
    expect(await wifiQrSvg({ ssid: '', password: 'x', security: 'WPA' })).toBe('');
  });
});

describe('map link coordinates', () => {
  // The guest page reads the property's point with the map API's parser (tests/geo-parse.test.ts has the rest).
  it('reads @lat,lng, q= and OpenStreetMap forms', () => {
    expect(parseMapCoordinates('https://www.google.com/maps/@43.5081,16.4402,18z')).toEqual({ lat: 43.5081, lng: 16.4402 });
    expect(parseMapCoordinates('https://maps.google.com/?q=-33.86,151.2')).toEqual({ lat: -33.86, lng: 151.2 });
    expect(parseMapCoordinates('https://www.openstreetmap.org/#map=18/45.8/15.97')).toEqual({ lat: 45.8, lng: 15.97 });
    expect(parseMapCoordinates('https://maps.app.goo.gl/AbCdEf')).toBeNull();
    expect(parseMapCoordinates('https://www.google.com/maps/@95.1,16.4,18z')).toBeNull();
  });

  it('embeds at zoom 18', () => {
    expect(mapEmbedUrl({ lat: 43.5, lng: 16.44 })).toBe('https://maps.google.com/maps?q=43.5,16.44&z=18&output=embed');
  });
});

describe('paragraph markers', () => {
  it('fills the lock-box code (escaped) and the address link', () => {
    const html = `<p>Code ${LOCKBOX_MARKER} at ${ADDRESS_MARKER}</p>`;
    const out = renderParagraph(html, { code: '<b>12</b>', address: 'Obala 12', addressUrl: 'https://maps.example/?q=1&z=2' });
    expect(out).toBe('<p>Code <strong class="code-chip">&lt;b&gt;12&lt;/b&gt;</strong> at <a href="https://maps.example/?q=1&amp;z=2" target="_blank" rel="noopener noreferrer">Obala 12</a></p>');
    expect(renderParagraph(html, { code: '', address: '', addressUrl: '' })).toBe('<p>Code  at </p>');
  });
});
