import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

// The HTTP contract an outside test checked (docs/security.md 29): every /api answer
// is JSON, a signed-in visit to /login follows any redirect target without crashing, and the
// prerendered pages are served like a static server serves them.
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const user = await createUser(server);
  cookie = await login(server, user.email, user.password);
});

afterAll(async () => {
  await server?.stop();
});

async function expectJsonError(response: Response, status: number): Promise<{ message: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { message: string };
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('every /api answer is JSON', () => {
  it('an unknown path answers 404 JSON, signed in or not', async () => {
    await expectJsonError(await server.request('/api/no-such-thing'), 404);
    await expectJsonError(await server.request('/api/users/no-such-thing', { headers: withCookie(cookie) }), 404);
    await expectJsonError(await server.request('/api/instruction/abc/no-such-thing', { headers: withCookie(cookie) }), 404);
  });

  it('a method the route lacks answers 405 JSON with Allow', async () => {
    const get = await server.request('/api/users/auth', { headers: withCookie(cookie) });
    await expectJsonError(get, 405);
    expect(get.headers.get('allow')).toBe('POST');

    const put = await server.request('/api/instruction', { method: 'PUT', json: {}, headers: withCookie(cookie) });
    await expectJsonError(put, 405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');

    // Signed out too: the route's methods are no secret, and nothing is changed.
    const signedOut = await server.request('/api/users/me', { method: 'DELETE' });
    await expectJsonError(signedOut, 405);
    expect(signedOut.headers.get('allow')).toBe('GET, HEAD');
  });

  it('an encoded slash or dot segment in an id is still answered as JSON', async () => {
    for (const path of ['/api/instruction/a%2Fb', '/api/instruction/%2e%2e', '/api/instruction/a%2Fb/share']) {
      const response = await server.request(path, { headers: withCookie(cookie) });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });

  it('a known route still needs its session and answers normally', async () => {
    await expectJsonError(await server.request('/api/users/me'), 401);
    expect((await server.request('/api/users/me', { headers: withCookie(cookie) })).status).toBe(200);
  });

  it('malformed percent-encoding answers 400 JSON under /api, and a page elsewhere', async () => {
    const body = await expectJsonError(await server.request('/api/instruction/%E0%A4%A', { headers: withCookie(cookie) }), 400);
    expect(body.message).toMatch(/not valid/);
    await expectJsonError(await server.request('/api/%ZZ'), 400);
    const page = await server.request('/instruction/%E0%A4%A');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a "." or ".." segment under /api (as a crafted request sends it) answers 400 JSON, never a redirect', async () => {
    // fetch would remove the segments itself: node:http sends the target as written.
    for (const target of ['/api//instruction/%2e%2e', '/api/instruction/..', '/api/instruction/%2E/x']) {
      const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const request = http.request(new URL(server.origin), { method: 'DELETE', path: target, headers: withCookie(cookie, { origin: server.origin }) }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
        });
        request.on('error', reject);
        request.end();
      });
      expect(answer.status, target).toBe(400);
      expect(answer.type, target).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), target).toEqual({ message: 'The request address is not valid (it holds a "." or ".." segment).' });
    }
  });
});

describe('a signed-in visit to /login follows its redirect target', () => {
  const cases: Array<[string, string]> = [
    ['%2F%E2%82%AC', '/%E2%82%AC'],
    ['%2F%C3%A9', '/%C3%A9'],
    ['%2Fdashboard%E2%80%A8x', '/dashboard%E2%80%A8x'],
    ['%2Fdashboard%2Fprofile%3Ftab%3D%C3%A9%23h%C3%A9', '/dashboard/profile?tab=%C3%A9#h%C3%A9'],
    ['https%3A%2F%2Fevil.example%2F', '/dashboard'],
    ['%2F%2Fevil.example', '/dashboard'],
  ];
  it.each(cases)('redirect=%s → %s', async (query, location) => {
    const response = await server.request(`/login?redirect=${query}`, { headers: withCookie(cookie), redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });
});

describe('prerendered pages are served like static files', () => {
  it('sends the brotli or gzip copy made at build, the same page as the identity bytes', async () => {
    const identity = await server.request('/', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.status).toBe(200);
    expect(identity.headers.get('content-encoding')).toBeNull();
    const html = Buffer.from(await identity.arrayBuffer());
    expect(html.toString('utf8')).toMatch(/^<!DOCTYPE html>/i);

    // fetch would decode the body itself; node:zlib checks that the bytes are what was announced.
    for (const [accept, encoding, decode] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await rawGet('/', { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(decode(response.body).equals(html)).toBe(true);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('answers 304 to a matching If-None-Match in any encoding, and revalidates pages', async () => {
    const first = await server.request('/privacy');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.request('/privacy', { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('caches content-hashed assets for a year', async () => {
    const html = await (await server.request('/')).text();
    const asset = /\/_astro\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await server.request(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a page asked with a trailing slash to its one address, which carries its CSP', async () => {
    const slash = await server.request('/privacy/?from=mail', { redirect: 'manual' });
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/privacy?from=mail');
    const page = await server.request('/privacy?from=mail');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });
});

/** A GET whose body is not decoded (fetch would undo the content encoding). */
describe('JSON answers are compressed when asked (a save under a full guest load)', () => {
  it('sends a large answer in brotli or gzip with a matching length, a small one as it is', async () => {
    const created = await server.request('/api/instruction', { method: 'POST', headers: withCookie(cookie), json: {} });
    expect(created.status).toBe(201);
    const { instruction } = (await created.json()) as { instruction: { _id: string; version: number } };
    const boxes = Array.from({ length: 5 }, (_, i) => ({ id: 1735689600000 + i, title: `Step ${i + 1}`, paragraph: `<p>${'Walk past the bakery to the blue door. '.repeat(6)}</p>`, imageUrl: '' }));
    const saved = await server.request(`/api/instruction/${instruction._id}`, { method: 'PUT', headers: withCookie(cookie), json: { ...instruction, boxes } });
    expect(saved.status).toBe(200);
    const identity = await rawGet(`/api/instruction/${instruction._id}`, { cookie, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    const stored = JSON.parse(identity.body.toString('utf8')) as unknown;

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await rawGet(`/api/instruction/${instruction._id}`, { cookie, 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(JSON.parse(decode(response.body).toString('utf8'))).toEqual(stored);
    }

    // Under 1 KB the encoding would cost more than it saves.
    const small = await rawGet('/api/no-such-thing', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ message: expect.any(String) });
  });
});

async function rawGet(pathname: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathname, server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
