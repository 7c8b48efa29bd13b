import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { SSRF_CORPUS } from './helpers/ssrf-corpus.ts';

/**
 * The maps API over HTTP, on the production defaults (no test hook reaches the route): every SSRF
 * corpus URL → 400 at once, links that spell their point → 200 without network, and reverse
 * geocoding against a Nominatim stand-in on loopback reached through NOMINATIM_URL.
 */
const corpus = SSRF_CORPUS;

interface UpstreamHit {
  at: number;
  query: URLSearchParams;
  userAgent: string;
}
const upstream: UpstreamHit[] = [];
let nominatim: http.Server;
let server: TestServer;

/** Answers by latitude, like the real one answers by place. */
function nominatimAnswer(lat: number): { status: number; body: unknown } {
  if (lat === 43.5081) {
    return {
      status: 200,
      body: {
        display_name: '5, Ulica kralja Zvonimira, Lučac-Manuš, Split, Grad Split, Splitsko-dalmatinska županija, 21000, Hrvatska',
        address: { house_number: '5', road: 'Ulica kralja Zvonimira', suburb: 'Lučac-Manuš', city: 'Split', postcode: '21000', country: 'Hrvatska', country_code: 'hr' },
      },
    };
  }
  if (lat === 44.8654) return { status: 200, body: { display_name: 'Plitvička jezera, Ličko-senjska županija, Hrvatska', address: { national_park: 'Plitvička jezera', country: 'Hrvatska' } } };
  if (lat === 48.8584) return { status: 200, body: { display_name: 'Tour Eiffel, Paris', address: { road: 'Avenue Gustave Eiffel', town: 'Paris', country: 'France' } } };
  if (lat === 0) return { status: 200, body: { error: 'Unable to geocode' } };
  // Konoba's point: Nominatim is rate limiting us.
  if (lat === 43.50652) return { status: 429, body: { error: 'Too many requests' } };
  return { status: 500, body: { error: 'boom' } };
}

beforeAll(async () => {
  nominatim = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://nominatim.test');
    upstream.push({ at: Date.now(), query: url.searchParams, userAgent: req.headers['user-agent'] ?? '' });
    const { status, body } = url.pathname === '/reverse' ? nominatimAnswer(Number(url.searchParams.get('lat'))) : { status: 404, body: {} };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
  server = await startServer({ NOMINATIM_URL: `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}/` });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => nominatim?.close(resolve));
});

const resolveMap = (link: string, param = 'url') => server.request(`/api/map/resolve-map?${new URLSearchParams({ [param]: link })}`);
const reverse = (query: string) => server.request(`/api/map/reverse-geocode?${query}`);

describe('GET /api/map/resolve-map', () => {
  it('refuses every URL of the SSRF corpus with 400 (docs/security.md 19)', async () => {
    for (const link of corpus) {
      const response = await resolveMap(link);
      // 400 is a link refused by the rules, before any connection; a connection that failed or
      // timed out (a black-holed address) would answer 422 (resolve-map-link.ts).
      expect(response.status, link).toBe(400);
      expect(await response.json()).toEqual({ message: messages.address.unresolved });
    }
  });

  it('refuses http://127.0.0.1, http://169.254.169.254 and a host off the allowlist', async () => {
    for (const link of ['http://127.0.0.1', 'http://169.254.169.254', 'https://169.254.169.254/latest/meta-data/', 'https://evil.example/maps', 'https://maps.google.com.evil.example/x']) {
      const response = await resolveMap(link);
      expect(response.status, link).toBe(400);
      expect(await response.json()).toEqual({ message: messages.address.unresolved });
    }
  });

  it('answers { lat, lng } for links that carry their point, with no outbound request', async () => {
    const links: Array<[string, { lat: number; lng: number }]> = [
      ['https://www.google.com/maps/place/Palace/@43.508,16.439,17z/data=!3m1!4b1!4m6!3m5!8m2!3d43.5081372!4d16.4401878', { lat: 43.5081372, lng: 16.4401878 }],
      ['https://maps.google.com/?q=43.5081,16.4402', { lat: 43.5081, lng: 16.4402 }],
      ['https://maps.apple.com/?ll=37.3349,-122.00902&q=Apple%20Park', { lat: 37.3349, lng: -122.00902 }],
      ['https://www.openstreetmap.org/#map=18/43.50810/16.44020', { lat: 43.5081, lng: 16.4402 }],
    ];
    for (const [link, point] of links) {
      const response = await resolveMap(link);
      expect(response.status, link).toBe(200);
      expect(await response.json()).toEqual(point);
    }
    const response = await resolveMap('https://www.google.com/maps/@-33.8568,151.2153,15z', 'addressUrl');
    expect(await response.json()).toEqual({ lat: -33.8568, lng: 151.2153 });
  });

  it('answers 400 without a link and is public (no session needed)', async () => {
    const response = await server.request('/api/map/resolve-map');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.address.unresolved });
  });
});

describe('GET /api/map/reverse-geocode (Nominatim stand-in)', () => {
  it('joins street, city, postcode and country, with our User-Agent and Nominatim’s query', async () => {
    const response = await reverse('lat=43.5081&lng=16.4402');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, address: 'Ulica kralja Zvonimira 5, Split, 21000, Hrvatska', message: '' });
    const hit = upstream.at(-1)!;
    expect(Object.fromEntries(hit.query)).toEqual({ format: 'jsonv2', lat: '43.5081', lon: '16.4402', addressdetails: '1' });
    expect(hit.userAgent).toBe(`Porchlight/1.0 (+${server.origin})`);
  });

  it('answers a second ask for the same point (to 5 decimals) from the SQLite cache', async () => {
    const before = upstream.length;
    for (const query of ['lat=43.5081&lng=16.4402', 'lat=43.508100001&lng=16.440200004']) {
      const response = await reverse(query);
      expect(await response.json()).toEqual({ success: true, address: 'Ulica kralja Zvonimira 5, Split, 21000, Hrvatska', message: '' });
    }
    expect(upstream.length).toBe(before);
    const db = server.openDb();
    const row = db.prepare('SELECT address FROM geocode_cache WHERE key = ?').get('43.50810,16.44020');
    db.close();
    expect(row).toEqual({ address: 'Ulica kralja Zvonimira 5, Split, 21000, Hrvatska' });
  });

  it('falls back to the formatted address when there is no street; takes town for city', async () => {
    const plitvice = await reverse('lat=44.8654&lng=15.582');
    expect(await plitvice.json()).toEqual({ success: true, address: 'Plitvička jezera, Ličko-senjska županija, Hrvatska', message: '' });
    const paris = await reverse('lat=48.8584&lng=2.2945');
    expect(await paris.json()).toEqual({ success: true, address: 'Avenue Gustave Eiffel, Paris, France', message: '' });
  });

  it('says "Could not resolve address" where there is none, "Address resolution failed" (502) when Nominatim fails', async () => {
    const sea = await reverse('lat=0&lng=-30');
    expect(sea.status).toBe(404);
    expect(await sea.json()).toEqual({ success: false, address: '', message: messages.address.unresolved });
    const before = upstream.length;
    const broken = await reverse('lat=10&lng=10');
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ success: false, address: '', message: messages.address.failed });
    expect(upstream.length).toBe(before + 1);
    // A failure is not cached: the next ask goes upstream again.
    await reverse('lat=10&lng=10');
    expect(upstream.length).toBe(before + 2);
  });

  it('queues concurrent asks for different points', async () => {
    const responses = await Promise.all(['2.2946', '2.2947', '2.2948'].map((lng) => reverse(`lat=48.8584&lng=${lng}`)));
    for (const response of responses) expect(response.status).toBe(200);
  });

  it('asks Nominatim at most once a second, counted from the end of the previous ask', () => {
    const gaps = upstream.slice(1).map((hit, index) => hit.at - upstream[index]!.at);
    expect(upstream.length).toBeGreaterThanOrEqual(8);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it('refuses bad points with 400 and no upstream request', async () => {
    const before = upstream.length;
    for (const query of ['', 'lat=abc&lng=1', 'lat=91&lng=0', 'lat=0&lng=180.5', 'lat=1e2&lng=0', 'lat=NaN&lng=0', 'lat=1']) {
      const response = await reverse(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ success: false, address: '', message: messages.address.unresolved });
    }
    expect(upstream.length).toBe(before);
  });
});

describe('a place whose address lookup fails (docs/product/places.md)', () => {
  const KONOBA = 'https://www.google.com/maps/place/Konoba/@43.50652,16.43050,18z';

  it('keeps the point the link gave through PUT /api/instruction/:id, and guests read the walk, in German too', async () => {
    // The editor's two calls: the point, then the address, which Nominatim refuses (rate limited).
    const point = await resolveMap(KONOBA);
    expect(point.status).toBe(200);
    expect(await point.json()).toEqual({ lat: 43.50652, lng: 16.4305 });
    const address = await reverse('lat=43.50652&lng=16.4305');
    expect(address.status).toBe(502);
    expect(await address.json()).toEqual({ success: false, address: '', message: messages.address.failed });

    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const call = (path: string, init: RequestInit & { json?: unknown } = {}) => server.request(path, { ...init, headers: withCookie(cookie) });
    const made = ((await (await call('/api/instruction', { json: { nameInstruction: 'Riva Flat', addressUrl: 'https://www.google.com/maps/place/Riva/@43.5081,16.4402,17z' } })).json()) as { instruction: Instruction }).instruction;
    const konoba = { id: 1, name: 'Konoba Matejuška', category: 'eat', mapUrl: KONOBA, address: '' };
    // The editor sends the point it kept; an older editor sent none (null) after the failed lookup:
    // either way the link's own point is stored.
    for (const sent of [{ lat: 43.50652, lng: 16.4305 }, { lat: null, lng: null }]) {
      const current = (await (await call(`/api/instruction/${made._id}`)).json()) as Instruction;
      const response = await call(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...current, places: [{ ...konoba, ...sent }] } });
      expect(response.status, JSON.stringify(sent)).toBe(200);
      const { instruction } = (await response.json()) as { instruction: Instruction };
      expect(instruction.places[0], JSON.stringify(sent)).toMatchObject({ lat: 43.50652, lng: 16.4305, address: '', mapUrl: KONOBA });
    }
    // Riva to Konoba, as guests read it; the German page was never opened, so it is rendered now.
    const german = await (await server.request(`/instruction/${made.token}/de`)).text();
    expect(german).toContain('<p class="place-meta">1 km · 14 Min. zu Fuß</p>');
  });
});

describe('rate limit', () => {
  it('answers 429 once an address has made 60 resolve-map calls in a minute', async () => {
    let status = 0;
    let calls = 0;
    while (status !== 429 && calls < 80) {
      status = (await resolveMap('http://127.0.0.1/')).status;
      calls++;
    }
    expect(status).toBe(429);
    expect(calls).toBeLessThanOrEqual(61);
  });
});
