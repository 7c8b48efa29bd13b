import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, linkIn, login, mailTo, parseSetCookie, query, requestFrom, run, withCookie, type RawResponse, type TestUser } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';

// docs/security.md 8: no lockout a stranger can trigger. Failures from elsewhere past the per-account
// limit ask the owner for more proof (a browser that signed in before, or a mailed link) instead
// of refusing the right password.
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({}, (started) => ({ server, smtp } = started));

const DEVICE_COOKIE = 'porchlight_device';

let attackNet = 10;

/** Ten addresses at ten wrong passwords each: the whole per-account allowance of an hour. */
async function attackFromTenAddresses(user: TestUser): Promise<void> {
  attackNet += 1;
  const addresses = Array.from({ length: 10 }, (_, i) => `127.${attackNet}.0.${i + 1}`);
  await Promise.all(
    addresses.map(async (address) => {
      for (let i = 0; i < 10; i += 1) {
        const failed = await requestFrom(server, address, '/api/users/auth', { email: user.email, password: `guess ${i}` });
        expect(failed.status).toBe(401);
      }
    }),
  );
}

/** The state ten addresses at ten tries leave behind, without the 100 password checks. */
function exhaustAccountAllowance(user: TestUser): void {
  // Upserted: a sign-in took (and gave back) a slot of this counter already.
  run(server, 'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 100, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at', `login:acct:${user.email}`, Date.now() + 60 * 60_000);
}

function deviceCookieOf(response: RawResponse): string | undefined {
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const line = lines.find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) return undefined;
  const { name, value } = parseSetCookie(line);
  return `${name}=${value}`;
}

const loginFrom = (address: string, user: TestUser, password = user.password, cookie?: string) =>
  requestFrom(server, address, '/api/users/auth', { email: user.email, password }, cookie ? { cookie } : {});

const loginLinks = (email: string) => query<{ n: number }>(server, "SELECT count(*) AS n FROM outbox WHERE to_address = ? AND subject LIKE '%sign-in link%'", email)[0]!.n;

describe('failures from elsewhere never lock the owner out (docs/security.md 8)', () => {
  it('a browser that signed in before still signs in with the right password', async () => {
    const user = await createUser(server);
    const earlier = await loginFrom('127.0.0.40', user);
    expect(earlier.status).toBe(200);
    const device = deviceCookieOf(earlier);
    expect(device).toBeDefined();

    await attackFromTenAddresses(user);

    const owner = await loginFrom('127.0.0.41', user, user.password, device);
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body)).toMatchObject({ _id: user.id });
    // A known browser does not lift the limits on guessing: a wrong password there still counts.
    expect((await loginFrom('127.0.0.41', user, 'wrong', device)).status).toBe(401);
  });

  it('a new browser gets a mailed one-time link for the right password, and the same answer for a wrong one', async () => {
    const user = await createUser(server);
    await attackFromTenAddresses(user);

    // Another guess from a fresh address: no oracle, the answer is the one the owner gets.
    const guess = await loginFrom('127.0.0.50', user, 'yet another guess');
    expect(guess.status).toBe(403);
    expect(JSON.parse(guess.body)).toEqual({ message: messages.auth.loginLinkSent, code: 'LOGIN_LINK_SENT' });
    expect(loginLinks(user.email)).toBe(0);

    const before = smtp.mails.length;
    const owner = await loginFrom('127.0.0.51', user);
    expect(owner.status).toBe(403);
    expect(JSON.parse(owner.body)).toEqual({ message: messages.auth.loginLinkSent, code: 'LOGIN_LINK_SENT' });
    expect(owner.headers['set-cookie']).toBeUndefined();

    const mail = await mailTo(smtp, user.email, /sign-in link/i, before);
    const link = linkIn(mail, '/login');
    expect(link.origin).toBe(server.origin);
    const token = link.searchParams.get('link')!;

    const signedIn = await requestFrom(server, '127.0.0.51', '/api/users/login-link', { token });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toMatchObject({ _id: user.id });
    const device = deviceCookieOf(signedIn);
    expect(device).toBeDefined();

    // One use only; and from now on this browser is known.
    const again = await requestFrom(server, '127.0.0.51', '/api/users/login-link', { token });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body)).toEqual({ message: messages.auth.loginLinkFailed });
    expect((await loginFrom('127.0.0.51', user, user.password, device)).status).toBe(200);
  });

  it('mails at most three links an hour, answering the same after that', async () => {
    const user = await createUser(server);
    exhaustAccountAllowance(user);
    for (let i = 0; i < 5; i += 1) {
      const owner = await loginFrom(`127.0.0.${60 + i}`, user);
      expect(owner.status).toBe(403);
    }
    expect(loginLinks(user.email)).toBe(3);
  });

  it('a device cookie of another account proves nothing', async () => {
    const other = await createUser(server);
    const otherDevice = deviceCookieOf(await loginFrom('127.0.0.70', other));
    const user = await createUser(server);
    exhaustAccountAllowance(user);
    expect((await loginFrom('127.0.0.71', user, user.password, otherDevice)).status).toBe(403);
  });

  it('a signed-in owner still confirms an account change with the password', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    exhaustAccountAllowance(user);
    const renamed = await server.request('/api/users/name', { method: 'PATCH', json: { newName: 'Still Me', password: user.password }, headers: withCookie(cookie) });
    expect(renamed.status).toBe(200);
  });

  it('keeps the per-address limit: ten failures there still answer 429, right password or not', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 10; i += 1) expect((await loginFrom('127.0.0.80', user, `bad ${i}`)).status).toBe(401);
    expect((await loginFrom('127.0.0.80', user)).status).toBe(429);
  });
});
