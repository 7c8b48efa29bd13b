import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, LOCAL_COOKIE, linkIn, login, mailTo, outboxSent, parseSetCookie, query, run, sessionCookieFrom, withCookie } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';
import { tableNamesSql } from './helpers/sync-db.ts';

// Registration, verification, login, sessions and the middleware's gate.
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ MAIL_FROM: 'Porchlight <no-reply@porchlight.test>' }, (started) => ({ server, smtp } = started));

const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.request('/api/users', { json: body, headers });

describe('register → verify → login', () => {
  const email = 'Ada.Lovelace@Example.COM';
  const password = 'analytical engine';

  it('registers with a lower-cased address, an argon2id hash (docs/security.md 1) and a verification mail', async () => {
    const response = await register({ name: ' Ada ', email, password, captchaToken: '' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: messages.auth.registered });

    const [user] = query<{ email: string; name: string; password_hash: string; email_verified_at: number | null }>(
      server,
      'SELECT email, name, password_hash, email_verified_at FROM users WHERE email = ?',
      'ada.lovelace@example.com',
    );
    expect(user).toMatchObject({ email: 'ada.lovelace@example.com', name: 'Ada', email_verified_at: null });
    expect(user!.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    // A team of one from the start, verified or not, named after its owner, with an id of its own (docs/decisions/028-teams.md §1).
    const teams = query<{ id: string; name: string; user_id: string; role: string }>(
      server,
      'SELECT teams.id, teams.name, memberships.user_id, memberships.role FROM teams JOIN memberships ON memberships.team_id = teams.id JOIN users ON users.id = memberships.user_id WHERE users.email = ?',
      'ada.lovelace@example.com',
    );
    expect(teams).toEqual([{ id: expect.any(String), name: 'Ada', user_id: expect.any(String), role: 'owner' }]);
    expect(teams[0]!.id).not.toBe(teams[0]!.user_id);

    const mail = await mailTo(smtp, 'ada.lovelace@example.com', /verify/i);
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(server.origin);
    expect(link.searchParams.get('name')).toBe('Ada');
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses login until the address is verified, with the code the form acts on', async () => {
    const response = await server.request('/api/users/auth', { json: { email, password } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: messages.auth.verifyFirst, code: 'EMAIL_NOT_VERIFIED' });
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('verifies once; a second click says already verified; a made-up token fails', async () => {
    const mail = await mailTo(smtp, 'ada.lovelace@example.com', /verify/i);
    const token = linkIn(mail, '/verify-email').searchParams.get('token')!;
    const first = await server.request('/api/users/verify-email', { json: { token } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: messages.auth.emailVerified });

    const again = await server.request('/api/users/verify-email', { json: { token } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: messages.auth.alreadyVerified });

    const bogus = await server.request('/api/users/verify-email', { json: { token: 'x'.repeat(43) } });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: messages.auth.verificationFailed });
  });

  it('logs in with the user info of docs/product.md §3 and a session cookie with the right flags (docs/security.md 6)', async () => {
    const response = await server.request('/api/users/auth', { json: { email: 'ADA.lovelace@example.com', password } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['_id', 'email', 'googleId', 'name', 'picture']);
    expect(body).toMatchObject({ name: 'Ada', email: 'ada.lovelace@example.com', picture: '', googleId: null });

    const line = response.headers.getSetCookie().find((value) => value.startsWith(`${LOCAL_COOKIE}=`))!;
    const cookie = parseSetCookie(line);
    expect(cookie.attributes).toHaveProperty('httponly');
    expect(cookie.attributes['samesite']).toBe('Lax');
    expect(cookie.attributes['path']).toBe('/');
    expect(Number(cookie.attributes['max-age'])).toBeGreaterThan(30 * 24 * 60 * 60 - 60);
    // APP_URL is http://localhost: no Secure (the https variant is in auth-secure-origin.test.ts).
    expect(cookie.attributes).not.toHaveProperty('secure');
    // ≥ 128 bits: 32 random bytes as base64url.
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    // The session acts for the team the new account owns (docs/decisions/028-teams.md §5).
    const teams = query<{ team_id: string; id: string }>(server, 'SELECT sessions.team_id, memberships.id FROM sessions JOIN memberships ON memberships.team_id = sessions.team_id AND memberships.user_id = sessions.user_id WHERE sessions.user_id = ?', body['_id']);
    expect(teams).toHaveLength(1);

    const me = await server.request('/api/users/me', { headers: withCookie(`${cookie.name}=${cookie.value}`) });
    expect(me.status).toBe(200);
    // …as its Owner (docs/product.md §6 Team roles: the dashboard offers what the role may do).
    // Its name is the owner's, and it is their only team (the switcher's list).
    const team = { id: teams[0]!.team_id, name: body['name'], role: 'owner' };
    expect(await me.json()).toEqual({ ...body, plan: 'free', team: { ...team, membershipId: teams[0]!.id, maySeeSecrets: true }, teams: [team] });
  });

  it('stores only the SHA-256 of session and mailed tokens: a dump holds no cookie value (docs/security.md 3, 11)', async () => {
    const cookie = await login(server, email, password);
    const token = cookie.split('=')[1]!;
    const mail = await mailTo(smtp, 'ada.lovelace@example.com', /verify/i);
    const mailed = linkIn(mail, '/verify-email').searchParams.get('token')!;

    // A delivered mail keeps only its envelope; wait for the outbox to record the delivery.
    await outboxSent(server);
    const db = server.openDb();
    const tables = (db.prepare(tableNamesSql(server.dialect)).all() as { name: string }[]).map((t) => t.name);
    const dump = tables.flatMap((name) => db.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify(row))).join('\n');
    db.close();
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(mailed);
    const { createHash } = await import('node:crypto');
    expect(dump).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('gives a new token at every login', async () => {
    const a = await login(server, email, password);
    const b = await login(server, email, password);
    expect(a).not.toBe(b);
  });
});

describe('no account enumeration (docs/security.md 10)', () => {
  it('register answers the same for a new and a registered address, and mails the owner a note', async () => {
    const owner = await createUser(server, { email: 'owner@example.com' });
    const mailsBefore = smtp.mails.length;
    const known = await register({ name: 'Mallory', email: owner.email, password: 'whatever1', captchaToken: '' });
    const unknown = await register({ name: 'Mallory', email: 'fresh-address@example.com', password: 'whatever1', captchaToken: '' });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());

    const note = await mailTo(smtp, owner.email, /tried to register/i, mailsBefore);
    expect(note.text).toContain('No new account was created');
    // The owner's password still works: nothing about the account changed.
    await login(server, owner.email, owner.password);
  });

  it('login answers the same for an unknown address and a wrong password', async () => {
    const user = await createUser(server);
    const wrong = await server.request('/api/users/auth', { json: { email: user.email, password: 'not the password' } });
    const unknown = await server.request('/api/users/auth', { json: { email: 'nobody@example.com', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: messages.auth.invalidCredentials });
    expect(await unknown.json()).toEqual({ message: messages.auth.invalidCredentials });
  });

  it('a second registration of an unverified address applies its password only through its own link', async () => {
    const address = 'contested@example.com';
    await register({ name: 'Squatter', email: address, password: 'squatter-pass', captchaToken: '' });
    const squatterMail = await mailTo(smtp, address, /verify/i);
    const mailsBefore = smtp.mails.length;
    await register({ name: 'Owner', email: address, password: 'owner-pass', captchaToken: '' });
    const ownerMail = await mailTo(smtp, address, /verify/i, mailsBefore);
    expect(ownerMail).not.toBe(squatterMail);

    const token = linkIn(ownerMail, '/verify-email').searchParams.get('token')!;
    expect((await server.request('/api/users/verify-email', { json: { token } })).status).toBe(200);
    expect((await server.request('/api/users/auth', { json: { email: address, password: 'squatter-pass' } })).status).toBe(401);
    const cookie = await login(server, address, 'owner-pass');
    const me = (await (await server.request('/api/users/me', { headers: withCookie(cookie) })).json()) as { name: string };
    expect(me.name).toBe('Owner');
  });
});

describe('a new verification link (POST /api/users/resend-verification)', () => {
  const resend = (body: Record<string, unknown>) => server.request('/api/users/resend-verification', { json: body });
  const outboxTo = (address: string) => query<{ id: number }>(server, 'SELECT id FROM outbox WHERE to_address = ?', address).length;

  it('answers the same for an unknown, a verified and a waiting address; only the waiting one gets a mail, whose link verifies', async () => {
    const waiting = 'waiting@example.com';
    expect((await register({ name: 'Wendy', email: waiting, password: 'waiting-pass', captchaToken: '' })).status).toBe(201);
    const first = await mailTo(smtp, waiting, /verify/i);
    const verified = await createUser(server, { email: 'verified-already@example.com' });
    const answers = [];
    for (const email of ['nobody-here@example.com', verified.email, waiting.toUpperCase()]) {
      const response = await resend({ email });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: messages.auth.verificationResent }) });
    expect(outboxTo('nobody-here@example.com')).toBe(0);
    expect(outboxTo(verified.email)).toBe(0);

    const again = await mailTo(smtp, waiting, /verify/i, smtp.mails.indexOf(first) + 1);
    expect(again.subject).toBe(first.subject);
    const link = linkIn(again, '/verify-email');
    expect(link.searchParams.get('name')).toBe('Wendy');
    const token = link.searchParams.get('token')!;
    expect(token).not.toBe(linkIn(first, '/verify-email').searchParams.get('token'));
    expect((await server.request('/api/users/verify-email', { json: { token } })).status).toBe(200);
    await login(server, waiting, 'waiting-pass');
    // Verified now: asking again changes nothing and sends nothing.
    const sent = outboxTo(waiting);
    expect((await resend({ email: waiting })).status).toBe(200);
    expect(outboxTo(waiting)).toBe(sent);
  });

  it('checks the address and limits each address to 3 an hour, known or not', async () => {
    const bad = await resend({ email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: messages.auth.emailInvalid });
    for (let i = 0; i < 3; i += 1) expect((await resend({ email: 'limited@example.com' })).status).toBe(200);
    const refused = await resend({ email: 'limited@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts/);
  });
});

describe('a plan chosen before registering (Choose Gold → /register?plan=gold)', () => {
  it('rides in the verification link, and in the link a resend mails', async () => {
    const address = 'gold-intent@example.com';
    expect((await register({ name: 'Goldie', email: address, password: 'gold-passphrase', captchaToken: '', plan: 'gold', interval: 'yearly' })).status).toBe(201);
    const mail = await mailTo(smtp, address, /verify/i);
    const link = linkIn(mail, '/verify-email');
    expect(link.searchParams.get('plan')).toBe('gold');
    expect(link.searchParams.get('interval')).toBe('yearly');

    expect((await server.request('/api/users/resend-verification', { json: { email: address, plan: 'premium' } })).status).toBe(200);
    const resent = linkIn(await mailTo(smtp, address, /verify/i, smtp.mails.indexOf(mail) + 1), '/verify-email');
    expect([resent.searchParams.get('plan'), resent.searchParams.get('interval')]).toEqual(['premium', 'monthly']);
  });

  it('ignores a plan that is not for sale, without refusing the registration', async () => {
    const address = 'odd-intent@example.com';
    expect((await register({ name: 'Odd', email: address, password: 'odd-passphrase', captchaToken: '', plan: 'platinum', interval: 'weekly' })).status).toBe(201);
    const link = linkIn(await mailTo(smtp, address, /verify/i), '/verify-email');
    expect(link.searchParams.has('plan')).toBe(false);
  });

  it('a signed-in visit to /register?plan=gold goes to the checkout for Gold', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const response = await fetch(`${server.url}/register?plan=gold&interval=yearly`, { redirect: 'manual', headers: withCookie(cookie) });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard/checkout?plan=gold&interval=yearly');
    const plain = await fetch(`${server.url}/login`, { redirect: 'manual', headers: withCookie(cookie) });
    expect(plain.headers.get('location')).toBe('/dashboard');
  });
});

describe('validation', () => {
  it('accepts a 100-character passphrase and refuses 129 characters; no truncation (docs/security.md 2)', async () => {
    const long = 'p'.repeat(100);
    const ok = await register({ name: 'Long', email: 'long@example.com', password: long, captchaToken: '' });
    expect(ok.status).toBe(201);
    const tooLong = await register({ name: 'Longer', email: 'longer@example.com', password: 'p'.repeat(129), captchaToken: '' });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ message: messages.auth.passwordTooLong });
    const short = await register({ name: 'Short', email: 'short@example.com', password: '12345', captchaToken: '' });
    expect(short.status).toBe(400);

    // The whole passphrase counts: the same but for its last character does not log in.
    const user = await createUser(server, { password: 'q'.repeat(128) });
    expect((await server.request('/api/users/auth', { json: { email: user.email, password: 'q'.repeat(127) } })).status).toBe(401);
    await login(server, user.email, 'q'.repeat(128));
    const prefix = await createUser(server, { password: `${'r'.repeat(100)}x` });
    expect((await server.request('/api/users/auth', { json: { email: prefix.email, password: 'r'.repeat(100) } })).status).toBe(401);
  });

  it('refuses a malformed address and a missing name with 400 and a message', async () => {
    const bad = await register({ name: 'X', email: 'not-an-address', password: 'abcdef', captchaToken: '' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: messages.auth.emailInvalid });
    const noName = await register({ name: '  ', email: 'a@example.com', password: 'abcdef' });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ message: messages.auth.nameRequired });
  });
});

describe('sessions', () => {
  it('logout ends the session on the server and clears the cookie', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const response = await server.request('/api/users/logout', { method: 'POST', headers: withCookie(cookie) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.auth.loggedOut });
    expect(parseSetCookie(response.headers.getSetCookie()[0]!).attributes['max-age']).toBe('0');
    // The old cookie, replayed, is worthless.
    expect((await server.request('/api/users/me', { headers: withCookie(cookie) })).status).toBe(401);
  });

  it('logout works signed out too', async () => {
    const response = await server.request('/api/users/logout', { method: 'POST' });
    expect(response.status).toBe(200);
  });

  it('refuses a session past its expiry with 401 and removes it (docs/security.md 4)', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    run(server, 'UPDATE sessions SET expires_at = ? WHERE user_id = ?', Date.now() - 1000, user.id);
    const response = await server.request('/api/users/me', { headers: withCookie(cookie) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: messages.auth.pleaseLogIn });
    expect(parseSetCookie(response.headers.getSetCookie()[0]!).attributes['max-age']).toBe('0');
    expect(query(server, 'SELECT id FROM sessions WHERE user_id = ?', user.id)).toHaveLength(0);
  });

  it('extends a session used in the second half of its life to a full 30 days (sliding expiry)', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const tenDays = 10 * 24 * 60 * 60 * 1000;
    run(server, 'UPDATE sessions SET expires_at = ? WHERE user_id = ?', Date.now() + tenDays, user.id);
    const response = await server.request('/api/users/me', { headers: withCookie(cookie) });
    expect(response.status).toBe(200);
    const renewed = parseSetCookie(response.headers.getSetCookie()[0]!);
    expect(`${renewed.name}=${renewed.value}`).toBe(cookie);
    expect(Number(renewed.attributes['max-age'])).toBeGreaterThan(29 * 24 * 60 * 60);
    const [row] = query<{ expires_at: number }>(server, 'SELECT expires_at FROM sessions WHERE user_id = ?', user.id);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('clears a cookie that names no session', async () => {
    const response = await server.request('/api/users/me', { headers: withCookie(`${LOCAL_COOKIE}=${'a'.repeat(43)}`) });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()[0]).toMatch(new RegExp(`^${LOCAL_COOKIE}=;.*Max-Age=0`));
  });
});

describe('the gate', () => {
  it('answers 401 JSON for a private /api route when signed out, public routes stay open', async () => {
    for (const [method, path] of [
      ['GET', '/api/users/me'],
      ['PATCH', '/api/users/profile'],
      ['PATCH', '/api/users/name'],
      ['PATCH', '/api/users/email'],
      ['PATCH', '/api/users/password'],
      ['PATCH', '/api/users/confirm-user-change-email'],
      ['POST', '/api/messaging/sendMessageFromUser'],
      ['GET', '/api/instruction'],
      ['PATCH', '/api/instruction/preview/abc'],
    ] as const) {
      const response = await server.request(path, { method, ...(method === 'GET' ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: messages.auth.pleaseLogIn });
    }
    // No route, or not this method: refused before the gate, as JSON (tests/http-contract.test.ts),
    // so neither a public prefix nor an encoded path reaches anything.
    for (const [method, path, status] of [
      ['GET', '/api/some-route-nobody-wrote-yet', 404],
      ['DELETE', '/api/instruction/preview/abc', 405],
      ['GET', '/api/map/%2e%2e%2fusers%2fme', 404],
    ] as const) {
      const response = await server.request(path, { method, ...(method === 'GET' ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const check = await server.request('/api/users/checkToken', { json: { token: 'nope' } });
    expect(check.status).toBe(400);
  });

  it('sends a signed-out visit to /dashboard/profile to /login?redirect=/dashboard/profile', async () => {
    const response = await fetch(`${server.url}/dashboard/profile`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirect=/dashboard/profile');
    const plan = await fetch(`${server.url}/plan/checkout/?product=price_1`, { redirect: 'manual' });
    expect(plan.headers.get('location')).toBe('/login?redirect=/plan/checkout/%3Fproduct%3Dprice_1');
  });

  it('sends a signed-in visit to /login or /register to its redirect or /dashboard, never off-site', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const go = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual', headers: { cookie } });
    expect((await go('/login?redirect=/dashboard/settings')).headers.get('location')).toBe('/dashboard/settings');
    expect((await go('/register')).headers.get('location')).toBe('/dashboard');
    expect((await go('/login?redirect=//evil.example/x')).headers.get('location')).toBe('/dashboard');
    expect((await go('/login?redirect=https://evil.example')).headers.get('location')).toBe('/dashboard');
    expect((await go('/login?redirect=/\\evil.example')).headers.get('location')).toBe('/dashboard');
  });

  it('answers 503 for Google sign-in when it is not configured', async () => {
    const response = await server.request('/api/users/authGoogle', { json: { credential: 'x.y.z' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: messages.auth.googleUnavailable });
  });

  it('refuses a cross-origin text/plain login (docs/security.md 7)', async () => {
    const response = await server.request('/api/users/auth', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com', password: 'abcdef' }),
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    });
    expect([403, 415]).toContain(response.status);
  });
});
