import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, setUserPlan, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * The editor's Preview is the real guest page, rendered by the server from the
 * unsaved document, for the owner only, framed by our own pages only, and never stored.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
});

afterAll(async () => {
  await server?.stop();
});

async function host(): Promise<{ cookie: string; make: (body: Record<string, unknown>) => Promise<Instruction> }> {
  const user = await createUser(server);
  setUserPlan(server, user.id, 'gold');
  const cookie = await login(server, user.email, user.password);
  return {
    cookie,
    make: async (body) => {
      const response = await server.request('/api/instruction', { json: body, headers: withCookie(cookie) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { instruction: Instruction }).instruction;
    },
  };
}

const preview = (id: string, cookie: string | null, draft?: unknown, origin?: string) =>
  server.request(`/dashboard/preview/${id}`, {
    method: draft === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: { ...withCookie(cookie), ...(draft === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded', origin: origin ?? server.origin }) },
    ...(draft === undefined ? {} : { body: new URLSearchParams({ draft: JSON.stringify(draft) }).toString() }),
  });

describe('the editor’s preview', () => {
  it('draws the guest page from the unsaved document, with the guest page’s own parts', async () => {
    const h = await host();
    const saved = await h.make({ nameInstruction: 'Saved Name', wifiName: 'Loft', wifiPassword: 'sunny-days' });
    const response = await preview(saved._id, h.cookie, { ...saved, nameInstruction: 'Unsaved Name', boxes: [{ id: 1, title: 'Gate', paragraph: '<p>Code <span data-marker="lockbox"></span></p><img src=x onerror=alert(1)>', imageUrl: '' }], code: '4821' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    expect(html).toContain('Unsaved Name');
    expect(html).not.toContain('Saved Name');
    // The guest page's own parts: the code chip, the Wi-Fi QR code, the copy island.
    expect(html).toContain('<strong class="code-chip">4821</strong>');
    expect(html).toContain('aria-label="Wi-Fi QR code"');
    expect(html).toContain('CopyButton');
    // Sanitised like a save, and nothing saved or stored.
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<p class="saved-note');
    const stored = (await (await server.request(`/api/instruction/${saved._id}`, { headers: withCookie(h.cookie) })).json()) as Instruction;
    expect(stored.nameInstruction).toBe('Saved Name');
    // Guests never see a draft: the guest link still answers the saved page.
    const guest = await (await server.request(`/instruction/${saved.token}`)).text();
    expect(guest).toContain('Saved Name');
    expect(guest).not.toContain('Unsaved Name');
    const get = await preview(saved._id, h.cookie);
    expect(await get.text()).toContain('Saved Name');
  });

  it('a gated guidebook’s preview shows what its public link shows', async () => {
    const h = await host();
    const saved = await h.make({ nameInstruction: 'Gated', code: '4821', wifiName: 'Loft', wifiPassword: 'sunny-days', secretsPolicy: 'stay' });
    const html = await (await preview(saved._id, h.cookie, saved)).text();
    expect(html).toContain('Shared with your booking');
    expect(html).not.toContain('4821');
    expect(html).not.toContain('sunny-days');
  });

  it('is the owner’s only, from our own origin only, and says what is wrong with a bad draft', async () => {
    const owner = await host();
    const other = await host();
    const saved = await owner.make({ nameInstruction: 'Private' });
    expect((await preview(saved._id, other.cookie)).status).toBe(404);
    expect((await preview(saved._id, other.cookie, saved)).status).toBe(404);
    const anonymous = await preview(saved._id, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirect=/);
    expect((await preview(saved._id, owner.cookie, saved, 'https://evil.example')).status).toBe(403);
    const bad = await preview(saved._id, owner.cookie, { ...saved, selectedTheme: 'not-a-theme' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose one of the themes.');
  });
});
