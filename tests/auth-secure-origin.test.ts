import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, LOCAL_COOKIE, parseSetCookie, sessionCookieFrom, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

// The session cookie behind a public https origin (docs/security.md 6): Secure and the __Host- prefix.
const APP_URL = 'https://porchlight.test';
const SECURE_COOKIE = `__Host-${LOCAL_COOKIE}`;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ APP_URL });
});

afterAll(async () => {
  await server?.stop();
});

describe('session cookie on an https APP_URL', () => {
  it('is __Host-prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain', async () => {
    const user = await createUser(server);
    const response = await server.request('/api/users/auth', { json: { email: user.email, password: user.password }, headers: { origin: APP_URL } });
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie().find((value) => value.startsWith(`${SECURE_COOKIE}=`));
    expect(line).toBeDefined();
    const cookie = parseSetCookie(line!);
    expect(cookie.attributes).toHaveProperty('secure');
    expect(cookie.attributes).toHaveProperty('httponly');
    expect(cookie.attributes['samesite']).toBe('Lax');
    expect(cookie.attributes['path']).toBe('/');
    expect(cookie.attributes).not.toHaveProperty('domain');

    const pair = sessionCookieFrom(response, SECURE_COOKIE)!;
    expect((await server.request('/api/users/me', { headers: withCookie(pair) })).status).toBe(200);
    // The unprefixed name (which a sibling subdomain could plant) is not read.
    const planted = `${LOCAL_COOKIE}=${pair.split('=')[1]}`;
    expect((await server.request('/api/users/me', { headers: withCookie(planted) })).status).toBe(401);
  });

  it('refuses a login posted from another origin (docs/security.md 7)', async () => {
    const user = await createUser(server);
    const response = await server.request('/api/users/auth', { json: { email: user.email, password: user.password }, headers: { origin: 'http://localhost' } });
    expect(response.status).toBe(403);
    expect(sessionCookieFrom(response, SECURE_COOKIE)).toBeNull();
  });
});
