import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCacheHeaders } from '../src/lib/server/guest-pages/serve/cache-headers.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, setUserPlan, withCookie } from './helpers/auth.ts';
import { startPurgeStandIn, type PurgeStandIn } from './helpers/purge-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * CDN-friendly guest pages (docs/decisions/007 "CDN"): with CDN_PURGE_URL set,
 * guest answers may be kept by a CDN for a few minutes, tagged with the guidebook's token, and
 * every publish, link regeneration and delete purges that tag through the hook.
 */
let purge: PurgeStandIn;
let server: TestServer;
let cookie: string;
let email: string;

beforeAll(async () => {
  purge = await startPurgeStandIn();
  server = await startServer({ NODE_ENV: 'test', CDN_PURGE_URL: purge.url, CDN_PURGE_TOKEN: 'purge-secret' });
  const user = await createUser(server);
  // Premium: more guidebooks than the free plan allows.
  setUserPlan(server, user.id, 'premium');
  cookie = await login(server, user.email, user.password);
  email = user.email;
});

afterAll(async () => {
  await server?.stop();
  await purge?.close();
});

const call = (pathname: string, init: RequestInit & { json?: unknown } = {}) => server.request(pathname, { ...init, headers: withCookie(cookie) });

/**
 * A new guidebook, once its first page is rendered and that render's purge sent: a later purge of
 * its tag is then the one the test caused, however late the first one came under load.
 */
async function create(name: string): Promise<Instruction> {
  const before = Date.now();
  const response = await call('/api/instruction', { json: { nameInstruction: name } });
  expect(response.status).toBe(201);
  const { instruction } = (await response.json()) as { instruction: Instruction };
  await purge.waitForTag(`token-${instruction.token}`, before);
  return instruction;
}

describe('guest page caching headers', () => {
  it('purges every guest page when the server starts (a new build renders them anew)', async () => {
    const first = await purge.waitForTag('guest-pages');
    expect(first.authorization).toBe('Bearer purge-secret');
  });

  it('lets a CDN keep the page a few minutes, browsers revalidate; tagged with the token, route and fast path alike', async () => {
    const made = await create('Tagged Cottage');
    const url = `/instruction/${made.token}`;
    const miss = await server.request(url);
    const hit = await server.request(url);
    expect(hit.headers.get('x-snapshot')).toBe('hit');
    for (const response of [miss, hit]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, must-revalidate');
      expect(response.headers.get('surrogate-key')).toBe(`token-${made.token} guest-pages`);
      expect(response.headers.get('cache-tag')).toBe(`token-${made.token},guest-pages`);
      expect(response.headers.get('etag')).toMatch(/^W\/"/);
    }
    const notModified = await server.request(url, { headers: { 'if-none-match': hit.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('surrogate-key')).toBe(`token-${made.token} guest-pages`);
    // An unknown token's 404 is never cached.
    const missing = await server.request('/instruction/no-such-token-0000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('surrogate-key')).toBeNull();
  });
});

describe('guest cache rule', () => {
  it('no s-maxage without the purge hook, nor for a page whose owner\'s plan ends at a known time', () => {
    expect(guestCacheHeaders({ token: 't', expiresAt: null, purgeable: false })['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(guestCacheHeaders({ token: 't', expiresAt: Date.now() + 60_000, purgeable: true })['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(guestCacheHeaders({ token: 't', expiresAt: null, purgeable: true })['cache-control']).toBe('public, max-age=0, s-maxage=300, must-revalidate');
  });
});

describe('purge on publish, regeneration and delete', () => {
  it('a save purges the token once the new page is stored', async () => {
    const made = await create('Saved Cottage');
    await server.request(`/instruction/${made.token}`);
    const since = Date.now();
    const saved = await call(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, nameInstruction: 'Saved Cottage, renovated' } });
    expect(saved.status).toBe(200);
    const purged = await purge.waitForTag(`token-${made.token}`, since);
    expect(purged.authorization).toBe('Bearer purge-secret');
    // By then the origin answers the new page: a CDN refetching after the purge gets it.
    expect(await (await server.request(`/instruction/${made.token}`)).text()).toContain('Saved Cottage, renovated');
  });

  it('a code change purges the token too', async () => {
    const made = await create('Coded Cottage');
    const since = Date.now();
    expect((await call(`/api/instruction/${made._id}`, { method: 'PATCH', json: { code: '4821' } })).status).toBe(200);
    await purge.waitForTag(`token-${made.token}`, since);
  });

  it('a regenerated link purges the old token at once', async () => {
    const made = await create('Regenerated Cottage');
    await server.request(`/instruction/${made.token}`);
    const since = Date.now();
    const response = await call(`/api/instruction/preview/${made.token}`, { method: 'PATCH' });
    expect(response.status).toBe(200);
    const { instruction } = (await response.json()) as { instruction: Instruction };
    expect(instruction.token).not.toBe(made.token);
    await purge.waitForTag(`token-${made.token}`, since);
    expect((await server.request(`/instruction/${made.token}`)).status).toBe(404);
  });

  it('a delete purges the token', async () => {
    const made = await create('Deleted Cottage');
    await server.request(`/instruction/${made.token}`);
    const since = Date.now();
    expect((await call(`/api/instruction/${made._id}`, { method: 'DELETE' })).status).toBe(200);
    await purge.waitForTag(`token-${made.token}`, since);
  });

  it('retries a purge the CDN refused with a 5xx', async () => {
    const made = await create('Retried Cottage');
    const tag = `token-${made.token}`;
    const since = Date.now();
    // The next purge of the tag is refused: the regeneration's, or a late one of the new
    // guidebook's first renders on a busy machine. Whichever it is must be sent again.
    purge.failTag = tag;
    expect((await call(`/api/instruction/preview/${made.token}`, { method: 'PATCH' })).status).toBe(200);
    const refusedAt = (await until(() => purge.refused.find((refused) => refused.tags.includes(tag)), (refused) => refused !== undefined, `a refused purge of ${tag}`))!.at;
    expect(refusedAt).toBeGreaterThanOrEqual(since);
    // Sent again after the first back-off (1 s), not given up.
    await purge.waitForTag(tag, refusedAt + 900);
    expect(server.logs.some((line) => line.includes('cdn: purge failed, retrying'))).toBe(true);
  });

  it('a plan change by the admin command line purges every guidebook of the host before it exits', async () => {
    const made = await create('Planned Cottage');
    const since = Date.now();
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: server.dataDir,
      APP_URL: server.origin,
      LOG_LEVEL: 'warn',
      CDN_PURGE_URL: purge.url,
      CDN_PURGE_TOKEN: 'purge-secret',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      // Its stores too (the S3 stand-in's bucket under TEST_STORAGE=s3).
      ...server.storageEnv,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    };
    await promisify(execFile)(process.execPath, ['scripts/admin.mjs', 'plan', 'set', email, 'gold'], { env });
    // Already there when the command has returned: it drains its purges before it exits.
    expect(purge.purges.some((sent) => sent.at >= since && sent.tags.includes(`token-${made.token}`))).toBe(true);
  });
});
