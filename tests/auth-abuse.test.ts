import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, login, query, requestFrom, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startTurnstileStub, type TurnstileStub } from './helpers/turnstile-stub.ts';

// Abuse limits: Turnstile verified server-side (docs/security.md 13), login throttling
// (docs/security.md 8), verification-mail limits (docs/security.md 9), messaging limits.
let server: TestServer;
let turnstile: TurnstileStub;

beforeAll(async () => {
  turnstile = await startTurnstileStub('localhost');
  server = await startServer({ TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret-key', TURNSTILE_VERIFY_URL: turnstile.url });
});

afterAll(async () => {
  await server?.stop();
  await turnstile?.close();
});

let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  return { name: 'Captcha Tester', email: `captcha${n}@example.com`, password: 'good password', captchaToken: 'token-from-widget', ...overrides };
}
const users = (email: string) => query(server, 'SELECT id FROM users WHERE email = ?', email);

describe('Turnstile (docs/security.md 13)', () => {
  it('registers when siteverify says success for our hostname, sending secret, token and address', async () => {
    turnstile.behaviour = 'pass';
    const body = registration();
    const response = await server.request('/api/users', { json: body });
    expect(response.status).toBe(201);
    const call = turnstile.calls.at(-1)!;
    expect(call.get('secret')).toBe('secret-key');
    expect(call.get('response')).toBe('token-from-widget');
    expect(call.get('remoteip')).toBe('127.0.0.1');
    expect(users(body.email)).toHaveLength(1);
  });

  for (const behaviour of ['fail', 'other-hostname', 'error', 'hang'] as const) {
    it(`blocks registration when siteverify ${behaviour === 'hang' ? 'times out' : `answers ${behaviour}`}`, async () => {
      turnstile.behaviour = behaviour;
      const body = registration();
      const response = await server.request('/api/users', { json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: messages.auth.humanCheck });
      expect(users(body.email)).toHaveLength(0);
    });
  }

  it('blocks registration without a token, without asking Cloudflare', async () => {
    turnstile.behaviour = 'pass';
    const calls = turnstile.calls.length;
    const body = registration({ captchaToken: '' });
    const response = await server.request('/api/users', { json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.auth.humanCheck });
    expect(turnstile.calls.length).toBe(calls);
  });
});

describe('login throttling (docs/security.md 8)', () => {
  it('answers the 11th failure with 429; the right password from another address still works', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 10; i += 1) {
      const failed = await server.request('/api/users/auth', { json: { email: user.email, password: `wrong ${i}` } });
      expect(failed.status).toBe(401);
    }
    const eleventh = await server.request('/api/users/auth', { json: { email: user.email, password: 'wrong again' } });
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ message: messages.auth.tooManyAttempts(15) });
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Even the right password waits on this address: guessing cannot go on.
    expect((await server.request('/api/users/auth', { json: { email: user.email, password: user.password } })).status).toBe(429);

    const elsewhere = await requestFrom(server, '127.0.0.2', '/api/users/auth', { email: user.email, password: user.password });
    expect(elsewhere.status).toBe(200);
    expect(JSON.parse(elsewhere.body)).toMatchObject({ _id: user.id });
  });

  it('counts an unknown address like a known one', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await requestFrom(server, '127.0.0.5', '/api/users/auth', { email: 'ghost@example.com', password: 'x' })).status).toBe(401);
    }
    expect((await requestFrom(server, '127.0.0.5', '/api/users/auth', { email: 'ghost@example.com', password: 'x' })).status).toBe(429);
  });

  it('a success clears the failures of that account on that address', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 9; i += 1) await requestFrom(server, '127.0.0.6', '/api/users/auth', { email: user.email, password: 'nope' });
    expect((await requestFrom(server, '127.0.0.6', '/api/users/auth', { email: user.email, password: user.password })).status).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await requestFrom(server, '127.0.0.6', '/api/users/auth', { email: user.email, password: 'nope' })).status).toBe(401);
    }
  });

  it('counts wrong passwords on account changes like failed logins', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    for (let i = 0; i < 10; i += 1) {
      const wrong = await server.request('/api/users/name', { method: 'PATCH', json: { newName: 'X', password: `bad ${i}` }, headers: withCookie(cookie) });
      expect(wrong.status).toBe(403);
    }
    const limited = await server.request('/api/users/name', { method: 'PATCH', json: { newName: 'X', password: user.password }, headers: withCookie(cookie) });
    expect(limited.status).toBe(429);
  });
});

describe('verification mails (docs/security.md 9)', () => {
  it('answers the 4th registration of one address within the hour with 429 and queues no mail', async () => {
    turnstile.behaviour = 'pass';
    const email = 'repeat-register@example.com';
    for (let i = 0; i < 3; i += 1) {
      const response = await requestFrom(server, '127.0.0.7', '/api/users', { name: 'Rep', email, password: 'good password', captchaToken: 't' });
      expect(response.status).toBe(201);
    }
    const fourth = await requestFrom(server, '127.0.0.7', '/api/users', { name: 'Rep', email, password: 'good password', captchaToken: 't' });
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body)).toEqual({ message: messages.auth.tooManyAttempts(60) });
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(query<{ n: number }>(server, 'SELECT count(*) AS n FROM outbox WHERE to_address = ?', email)[0]!.n).toBe(3);
  });

  it('limits one address to 20 registrations an hour', async () => {
    turnstile.behaviour = 'pass';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await requestFrom(server, '127.0.0.8', '/api/users', { name: 'Bulk', email: `bulk${i}@example.com`, password: 'good password', captchaToken: 't' });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('messaging', () => {
  it('limits a host to 10 support/feedback messages an hour', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const send = () =>
      server.request('/api/messaging/sendMessageFromUser', { json: { name: 'Host', email: user.email, message: 'Hello' }, headers: withCookie(cookie) });
    for (let i = 0; i < 10; i += 1) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
