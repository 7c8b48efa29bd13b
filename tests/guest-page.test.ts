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
