import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/** What the guest page draws from a guidebook's fields, read from the HTML a guest is served. */
let server: TestServer;
let call: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  const user = await createUser(server);
  const cookie = await login(server, user.email, user.password);
  call = (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
});

afterAll(async () => {
  await server?.stop();
});

async function guidebook(body: Record<string, unknown>): Promise<Instruction> {
  const response = await call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', ...body } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function guestHtml(token: string): Promise<string> {
  const response = await server.request(`/instruction/${token}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The "Need Help?" section's markup. */
function helpSection(html: string): string {
  const start = html.indexOf('id="contact"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
}

describe('contacts (docs/decisions/015-guest-page-shows-only-filled-contacts.md)', () => {
  it('shows no Facebook or Instagram button when the host left them empty, the demo included', async () => {
    const g = await guidebook({ phone: '+385 91 555 0101', facebook: '', instagram: '' });
    for (const html of [await guestHtml(g.token), await (await server.request('/instruction')).text()]) {
      expect(/facebook\.com|instagram\.com/.test(html)).toBe(false);
      expect(helpSection(html)).not.toMatch(/>Facebook<|>Instagram</);
    }
    expect(helpSection(await guestHtml(g.token))).toContain('href="tel:+385915550101"');
  });

  it('shows the host’s own Facebook page and Instagram handle when filled in', async () => {
    const g = await guidebook({ facebook: 'harbourloft', instagram: '@harbour_loft' });
    const help = helpSection(await guestHtml(g.token));
    expect(help).toContain('href="https://www.facebook.com/harbourloft"');
    expect(help).toContain('href="https://www.instagram.com/harbour_loft"');
    expect(help).toMatch(/>Facebook</);
    expect(help).toMatch(/>Instagram</);
  });
});

interface Tile {
  href: string;
  /** The text a screen reader reads. */
  text: string;
  /** The tile's own icon (its first svg's markup). */
  icon: string;
  opensNewTab: boolean;
  /** The small external-link mark beside the label. */
  externalMark: boolean;
}

/** The tiles of the quick-links grid under the header. */
function tilesOf(html: string): Tile[] {
  const nav = /<nav class="wrap quick"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
    href: /href="([^"]*)"/.exec(attributes)?.[1] ?? '',
    text: inner.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim(),
    icon: /<svg[\s\S]*?<\/svg>/.exec(inner)?.[0] ?? '',
    opensNewTab: attributes.includes('target="_blank"'),
    externalMark: inner.includes('class="tile-external"'),
  }));
}

describe('tiles', () => {
  it('gives each tile its own icon, and marks the host’s links that open a new tab', async () => {
    const g = await guidebook({
      code: '4821',
      secretsPolicy: 'stay',
      wifiName: 'Loft-Guests',
      boxes: [{ id: 1, title: 'Open the key box', paragraph: '<p>Code: <span data-marker="lockbox"></span></p>', imageUrl: '' }],
      taxiLink: 'https://taxi.example/harbour',
      parkingLink: 'https://parking.example/',
    });
    const tiles = tilesOf(await guestHtml(g.token));
    expect(tiles.map((tile) => tile.text)).toEqual(['Door code', 'Check-in', 'Wi-Fi', 'House rules', 'Need Help?', 'Taxi (opens in a new tab)', 'Parking (opens in a new tab)', 'About']);
    expect(new Set(tiles.map((tile) => tile.icon)).size).toBe(tiles.length);
    for (const tile of tiles) {
      const external = !tile.href.startsWith('#');
      expect({ href: tile.href, opensNewTab: tile.opensNewTab, externalMark: tile.externalMark }).toEqual({ href: tile.href, opensNewTab: external, externalMark: external });
    }
  });
});

/** A place as the editor saves it, with only what a test sets. */
function place(id: number, name: string, category: string, fields: Record<string, unknown> = {}) {
  return { id, name, category, note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false, ...fields };
}

/** The Recommendations section's markup, or '' when the page has none. */
function placesSection(html: string): string {
  const start = html.indexOf('id="places"');
  return start === -1 ? '' : html.slice(start, html.indexOf('</section>', start));
}

/** Each place card's markup, in page order, by the place's name. */
function placeCards(section: string): { name: string; html: string }[] {
  return [...section.matchAll(/<li class="card place [^"]*"[^>]*>([\s\S]*?)<\/li>/g)].map(([, html = '']) => ({
    name: (/<h3[^>]*>([\s\S]*?)(?:<span|<\/h3>)/.exec(html)?.[1] ?? '').trim(),
    html,
  }));
}

describe('recommendations', () => {
  /** A guidebook of a new host each time: a free host has only a few. */
  async function guidebook(body: Record<string, unknown>): Promise<Instruction> {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const response = await server.request('/api/instruction', { json: { nameInstruction: 'Harbour Loft', ...body }, headers: withCookie(cookie, {}) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { instruction: Instruction }).instruction;
  }
  const PROPERTY = { address: 'Obala 12, Split', addressUrl: 'https://www.google.com/maps/@43.5081,16.4402,18z' };

  it('shows the favourites first, then the places grouped in the categories’ order, with walks and links', async () => {
    const g = await guidebook({
      ...PROPERTY,
      places: [
        place(1, 'Pebble Cove', 'beach', { lat: 43.5066, lng: 16.4408, address: 'Setaliste 3, Split' }),
        place(2, 'Konoba Stone', 'eat', { phone: '+385 (21) 555-0142', address: 'Put Firula 8, Split' }),
        place(3, 'Corner Bakery', 'eat', { pick: true, lat: 43.5087, lng: 16.4391, website: 'https://bakery.example/' }),
        place(4, 'Sandy Bay', 'beach', { mapUrl: 'https://maps.example/sandy' }),
      ],
    });
    const html = await guestHtml(g.token);
    const section = placesSection(html);
    expect(section).toContain('Recommendations');
    const cards = placeCards(section);
    expect(cards.map((card) => card.name)).toEqual(['Corner Bakery', 'Konoba Stone', 'Pebble Cove', 'Sandy Bay']);
    // The group titles, in order: favourites, then Eat before Beaches (the categories' order).
    const titles = [...section.matchAll(/<p class="place-group-title"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(titles).toEqual(['Our favourites', 'Eat', 'Beaches']);
    const card = (name: string) => cards.find((entry) => entry.name === name)!.html;
    // The favourite's star has a name a screen reader reads.
    expect(card('Corner Bakery')).toContain('aria-label="One of our favourites"');
    expect(card('Konoba Stone')).not.toContain('One of our favourites');
    // A walk for a place with coordinates, none without.
    expect(card('Pebble Cove')).toMatch(/<p class="place-meta">\d+ m · \d+ min walk<\/p>/);
    expect(card('Konoba Stone')).not.toContain('min walk');
    // Directions: to the coordinates, else to the address, else the host's map link.
    expect(card('Pebble Cove')).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=43.5066,16.4408"');
    expect(card('Konoba Stone')).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=Put%20Firula%208%2C%20Split"');
    expect(card('Sandy Bay')).toContain('href="https://maps.example/sandy"');
    // Website and call.
    expect(card('Corner Bakery')).toMatch(/<a class="btn btn-small btn-ghost" href="https:\/\/bakery\.example\/"[^>]*>[\s\S]*?Website/);
    expect(card('Konoba Stone')).toMatch(/href="tel:\+385215550142"[^>]*>[\s\S]*?Call/);
    // A header tile leads to the section.
    expect(tilesOf(html).map((tile) => tile.href)).toContain('#places');
    // Six or fewer places: no chips.
    expect(section).not.toContain('type="radio"');
  });

  it('keeps a note and a name inert, and adds no script and nothing third-party to load', async () => {
    const bare = await guestHtml((await guidebook(PROPERTY)).token);
    const g = await guidebook({
      ...PROPERTY,
      places: [place(1, '<img src=x onerror=alert(1)>Bad Bar', 'drink', { note: '<p>Nice<script>alert(1)</script><img src="https://tracker.example/x.gif" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' })],
    });
    const html = await guestHtml(g.token);
    const section = placesSection(html);
    expect(section).toContain('&lt;img src=x onerror=alert(1)&gt;Bad Bar');
    expect(section).not.toMatch(/<script|<[^>]*\son[a-z]+=|javascript:|tracker\.example/i);
    expect(section).toContain('Nice');
    // The section adds no script to the page, and no src= points off the page.
    const scripts = (page: string) => page.match(/<script/g)?.length ?? 0;
    expect(scripts(html)).toBe(scripts(bare));
    const sources = [...section.matchAll(/\ssrc="([^"]*)"/g)].map((match) => match[1]);
    for (const source of sources) expect(source).toMatch(/^\/(?!\/)/);
  });

  it('shows no section without places, and the category chips only from seven places on', async () => {
    expect(placesSection(await guestHtml((await guidebook(PROPERTY)).token))).toBe('');
    expect(tilesOf(await guestHtml((await guidebook(PROPERTY)).token)).map((tile) => tile.href)).not.toContain('#places');
    const six = Array.from({ length: 6 }, (_, index) => place(index + 1, `Place ${index + 1}`, index % 2 ? 'beach' : 'coffee'));
    expect(placesSection(await guestHtml((await guidebook({ ...PROPERTY, places: six })).token))).not.toContain('type="radio"');
    const seven = [...six, place(7, 'Place 7', 'see', { pick: true })];
    const section = placesSection(await guestHtml((await guidebook({ ...PROPERTY, places: seven })).token));
    const chips = [...section.matchAll(/<input ([^>]*)>\s*<label for="([^"]*)">([^<]*)<\/label>/g)].map(([, attributes = '', id, label]) => ({ id, label, checked: / checked/.test(attributes) }));
    expect(chips).toEqual([
      { id: 'pf-all', label: 'All', checked: true },
      { id: 'pf-coffee', label: 'Coffee', checked: false },
      { id: 'pf-see', label: 'Sights', checked: false },
      { id: 'pf-beach', label: 'Beaches', checked: false },
    ]);
    expect(section).toContain('<legend class="sr-only">Show places by category</legend>');
  });
});
