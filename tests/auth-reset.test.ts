import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, linkIn, login, mailTo, query, requestFrom, run, withCookie } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';

// Forgot / reset password (docs/security.md 5, 9, 10, 11).
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({}, (started) => ({ server, smtp } = started));

const requestReset = (email: string) => server.request('/api/users/requestResetPassword', { json: { email } });
const checkToken = (token: string) => server.request('/api/users/checkToken', { json: { token } });
const resetWith = (token: string, newPassword: string) => server.request('/api/users/resetPassToken', { json: { token, newPassword } });
const outboxCount = (to: string) => query<{ n: number }>(server, 'SELECT count(*) AS n FROM outbox WHERE to_address = ?', to)[0]!.n;

async function resetToken(email: string): Promise<string> {
  const before = smtp.mails.length;
  expect((await requestReset(email)).status).toBe(200);
  const mail = await mailTo(smtp, email, /reset your/i, before);
  const link = linkIn(mail, '/resetPassword');
  expect(link.origin).toBe(server.origin);
  expect(link.searchParams.get('email')).toBe(email);
  return link.searchParams.get('token')!;
}

describe('reset flow', () => {
  it('mails a link, checks it, sets the password, ends every session, and refuses the link again', async () => {
    const user = await createUser(server);
    const laptop = await login(server, user.email, user.password);
    const phone = await login(server, user.email, user.password);

    const token = await resetToken(user.email);
    const checked = await checkToken(token);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ valid: true, email: user.email });

    const short = await resetWith(token, '12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: messages.auth.passwordTooShort });

    const response = await resetWith(token, 'brand new password');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.auth.passwordChanged });

    // A reset ends them all (docs/security.md 5).
    expect((await server.request('/api/users/me', { headers: withCookie(laptop) })).status).toBe(401);
    expect((await server.request('/api/users/me', { headers: withCookie(phone) })).status).toBe(401);
    expect((await server.request('/api/users/auth', { json: { email: user.email, password: user.password } })).status).toBe(401);
    await login(server, user.email, 'brand new password');

    // One use only (docs/security.md 11).
    const reused = await resetWith(token, 'another password');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: messages.auth.resetExpired });
    const recheck = await checkToken(token);
    expect(recheck.status).toBe(400);
    expect(await recheck.json()).toEqual({ message: messages.auth.resetExpired });
  });

  it('refuses an expired link (1 hour) on load and on submit', async () => {
    const user = await createUser(server);
    const token = await resetToken(user.email);
    run(server, "UPDATE user_tokens SET expires_at = ? WHERE user_id = ? AND purpose = 'reset'", Date.now() - 1, user.id);
    const [row] = query<{ created_at: number; expires_at: number }>(server, "SELECT created_at, expires_at FROM user_tokens WHERE user_id = ? AND purpose = 'reset'", user.id);
    expect(row).toBeDefined();
    expect((await checkToken(token)).status).toBe(400);
    const response = await resetWith(token, 'brand new password');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.auth.resetExpired });
    await login(server, user.email, user.password);
  });

  it('issues reset links that live one hour, stored hashed', async () => {
    const user = await createUser(server);
    const token = await resetToken(user.email);
    const [row] = query<{ hash: string; created_at: number; expires_at: number }>(server, "SELECT hash, created_at, expires_at FROM user_tokens WHERE user_id = ? AND purpose = 'reset'", user.id);
    expect(row!.expires_at - row!.created_at).toBe(60 * 60 * 1000);
    expect(row!.hash).not.toBe(token);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets exactly one of two concurrent uses of a link win', async () => {
    const user = await createUser(server);
    const token = await resetToken(user.email);
    const results = await Promise.all([resetWith(token, 'first racer pass'), resetWith(token, 'second racer pass')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('only the newest link works', async () => {
    const user = await createUser(server);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect((await checkToken(older)).status).toBe(400);
    expect((await checkToken(newer)).status).toBe(200);
  });

  it('marks an unverified address verified: the link proved the mailbox', async () => {
    const user = await createUser(server, { verified: false });
    expect((await server.request('/api/users/auth', { json: { email: user.email, password: user.password } })).status).toBe(403);
    const token = await resetToken(user.email);
    expect((await resetWith(token, 'verified by reset')).status).toBe(200);
    await login(server, user.email, 'verified by reset');
  });

  it('tells a Google account that it has no password instead of mailing a link', async () => {
    const user = await createUser(server, { googleId: 'google-sub-reset', password: null });
    const before = smtp.mails.length;
    expect((await requestReset(user.email)).status).toBe(200);
    const mail = await mailTo(smtp, user.email, /reset your/i, before);
    expect(mail.text).toContain('Google');
    expect(mail.text).not.toContain('/resetPassword?');
  });
});

describe('no enumeration, our origin in links', () => {
  it('answers the same for a known and an unknown address and mails only the known one (docs/security.md 10)', async () => {
    const user = await createUser(server);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.text();
    expect(body).toBe(await unknown.text());
    expect(JSON.parse(body)).toEqual({ message: messages.auth.resetMailSent });
    expect(outboxCount('nobody-here@example.com')).toBe(0);
  });

  it('builds the link from APP_URL even when the request says Host: evil.example (docs/security.md 11)', async () => {
    const user = await createUser(server);
    const before = smtp.mails.length;
    const response = await requestFrom(server, '127.0.0.1', '/api/users/requestResetPassword', { email: user.email }, { host: 'evil.example' });
    expect(response.status).toBe(200);
    const mail = await mailTo(smtp, user.email, /reset your/i, before);
    expect(linkIn(mail, '/resetPassword').origin).toBe(server.origin);
    expect(mail.text).not.toContain('evil.example');
  });

  it('serves the reset and verification pages with Referrer-Policy: no-referrer', async () => {
    for (const path of ['/resetPassword?token=abc&email=a%40example.com', '/verify-email?token=abc&name=A', '/verify-email-change?token=abc&name=A']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
});

describe('limits (docs/security.md 9)', () => {
  it('answers the 4th request for one address within the hour with 429 and sends no mail', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 3; i += 1) expect((await requestReset(user.email)).status).toBe(200);
    // Wait until the three are out, so the count below is final.
    await smtp.waitForMail(() => smtp.mails.filter((m) => m.envelopeTo.includes(user.email)).length === 3);
    const fourth = await requestReset(user.email);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ message: messages.auth.tooManyAttempts(60) });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(outboxCount(user.email)).toBe(3);
  });

  it('limits one address to 20 reset requests an hour across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await requestFrom(server, '127.0.0.3', '/api/users/requestResetPassword', { email: `spray${i}@example.com` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await requestFrom(server, '127.0.0.4', '/api/users/requestResetPassword', { email: 'spray0@example.com' })).status).toBe(200);
  });
});
