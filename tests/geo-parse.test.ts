// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../src/lib/server/geo/is-blocked-address.ts';
import { parseMapCoordinates } from '../src/lib/shared/map-coordinates.ts';

describe('parseMapCoordinates (pure)', () => {
  const cases: Array<[string, string, { lat: number; lng: number }]> = [
    ['Google @lat,lng viewport', 'https://www.google.com/maps/@43.5081,16.4402,17z', { lat: 43.5081, lng: 16.4402 }],
    [
      'Google place: the !3d!4d pin wins over the @ viewport',
      'https://www.google.com/maps/place/Diocletian%27s+Palace/@43.5080,16.4390,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d43.5081372!4d16.4401878!16s',
      { lat: 43.5081372, lng: 16.4401878 },
    ],
    ['Google ?q=lat,lng', 'https://maps.google.com/?q=43.5081,16.4402', { lat: 43.5081, lng: 16.4402 }],
    ['Google ?q=loc:', 'https://maps.google.com/maps?q=loc:-33.8568,151.2153', { lat: -33.8568, lng: 151.2153 }],
    ['Google ?ll=', 'https://maps.google.com/maps?ll=40.7128,-74.006&z=12', { lat: 40.7128, lng: -74.006 }],
    ['Google q with encoded comma and space', 'https://www.google.com/maps?q=43.5081%2C+16.4402', { lat: 43.5081, lng: 16.4402 }],
    ['Google Maps URLs API', 'https://www.google.com/maps/search/?api=1&query=47.5951518,-122.3316393', { lat: 47.5951518, lng: -122.3316393 }],
    ['Google directions', 'https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['Google /maps/place/lat,lng', 'https://www.google.com/maps/place/43.5081,16.4402/', { lat: 43.5081, lng: 16.4402 }],
    ['Google /maps/search/lat,+lng', 'https://www.google.com/maps/search/43.5081,+16.4402?entry=tts', { lat: 43.5081, lng: 16.4402 }],
    ['Google country domain', 'https://www.google.hr/maps/@45.8150,15.9819,15z', { lat: 45.815, lng: 15.9819 }],
    ['Google dropped pin in DMS', "https://www.google.com/maps/place/43%C2%B030'29.2%22N+16%C2%B026'24.7%22E/", { lat: 43.508111, lng: 16.440194 }],
    ['Google consent wrapper', 'https://consent.google.com/m?continue=https://www.google.com/maps/place/X/%4043.5081,16.4402,17z&gl=HR', { lat: 43.5081, lng: 16.4402 }],
    ['Apple ?ll=', 'https://maps.apple.com/?ll=37.3349,-122.00902&q=Apple%20Park', { lat: 37.3349, lng: -122.00902 }],
    ['Apple ?q=&sll=', 'https://maps.apple.com/?q=Coffee&sll=50.894967,4.341626&z=10', { lat: 50.894967, lng: 4.341626 }],
    ['Apple ?coordinate=', 'https://maps.apple.com/place?coordinate=51.5007,-0.1246&name=Big%20Ben', { lat: 51.5007, lng: -0.1246 }],
    ['Apple ?daddr=', 'http://maps.apple.com/?daddr=35.6586,139.7454', { lat: 35.6586, lng: 139.7454 }],
    ['OSM #map=', 'https://www.openstreetmap.org/#map=18/43.50810/16.44020', { lat: 43.5081, lng: 16.4402 }],
    ['OSM mlat/mlon', 'https://www.openstreetmap.org/?mlat=43.5081&mlon=16.4402#map=18/43.5/16.4', { lat: 43.5081, lng: 16.4402 }],
    ['OSM mlon before mlat', 'https://osm.org/?mlon=16.4402&mlat=43.5081', { lat: 43.5081, lng: 16.4402 }],
    ['geo: URI', 'geo:43.5081,16.4402?z=17', { lat: 43.5081, lng: 16.4402 }],
    ['bare pair', ' -22.9519, -43.2105 ', { lat: -22.9519, lng: -43.2105 }],
  ];
  it.each(cases)('%s', (_name, link, expected) => {
    expect(parseMapCoordinates(link)).toEqual(expected);
  });

  it.each([
    ['short link (no coordinates)', 'https://maps.app.goo.gl/AbCdEf123'],
    ['place name only', 'https://www.google.com/maps/place/Diocletian%27s+Palace'],
    ['latitude out of range', 'https://maps.google.com/?q=91.0,16.4'],
    ['longitude out of range', 'https://maps.google.com/?q=43.5,181.5'],
    ['@ latitude out of range', 'https://www.google.com/maps/@-95.1,10,17z'],
    ['a trailing extra dot', 'https://www.google.com/maps/@43.5,16.4.7,17z'],
    ['letters after the number', 'https://maps.google.com/?q=43.5,16.4abc'],
    ['a postcode and house number in q', 'https://maps.google.com/?q=Ulica+1,21000+Split'],
    ['empty', ''],
    ['not a link', 'hello world'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['broken escape', 'https://maps.google.com/?q=%E0%A4%A'],
  ])('none: %s', (_name, link) => {
    expect(parseMapCoordinates(link)).toBeNull();
  });

  it('never returns NaN or out-of-range values on odd input', () => {
    for (const input of ['@-0,-0', '@90,180', '@-90,-180', '@90.0001,0', 'q=1e5,2', '?q=+43.5,+16.4']) {
      const point = parseMapCoordinates(`https://www.google.com/maps/${input}`);
      if (point) {
        expect(Number.isFinite(point.lat) && Math.abs(point.lat) <= 90).toBe(true);
        expect(Number.isFinite(point.lng) && Math.abs(point.lng) <= 180).toBe(true);
        expect(Object.is(point.lat, -0) || Object.is(point.lng, -0)).toBe(false);
      }
    }
    expect(parseMapCoordinates('https://www.google.com/maps/@90.0001,0,3z')).toBeNull();
    expect(parseMapCoordinates('https://www.google.com/maps/@-90,-180,3z')).toEqual({ lat: -90, lng: -180 });
  });
});

describe('isBlockedAddress (docs/security.md 19)', () => {
  it.each([
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.0.1',
    '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    '::', '::1', '[::1]', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::127.0.0.1',
    '64:ff9b::a9fe:a9fe', '2002:c0a8:0001::1', 'not-an-ip', '', '127.1', 'localhost',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '142.250.185.78', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '169.253.255.255', '2a00:1450:4001:80b::200e', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});
