import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, linkIn, login, mailTo, query, sessionCookieFrom, setUserPlan, withCookie } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';

// The profile changes and the sessions they end (docs/security.md 5), over real HTTP and SMTP.
const INBOX = 'inbox@porchlight.test';
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ CONTACT_INBOX: INBOX }, (started) => ({ server, smtp } = started));

const me = (cookie: string | null) => server.request('/api/users/me', { headers: withCookie(cookie) });
const patch = (path: string, cookie: string | null, json: unknown, headers: Record<string, string> = {}) =>
  server.request(path, { method: 'PATCH', json, headers: withCookie(cookie, headers) });

describe('the whole path', () => {
  it('register → mail → verify → login → change e-mail → confirm → change password → other sessions rejected', async () => {
    // Register and verify through the mailed link.
    const registered = await server.request('/api/users', { json: { name: 'Grace', email: 'grace@example.com', password: 'first-password' } });
    expect(registered.status).toBe(201);
    const verifyMail = await mailTo(smtp, 'grace@example.com', /verify/i);
    const verifyToken = linkIn(verifyMail, '/verify-email').searchParams.get('token')!;
    expect((await server.request('/api/users/verify-email', { json: { token: verifyToken } })).status).toBe(200);

    // Two sessions: a laptop and a phone.
    const laptop = await login(server, 'grace@example.com', 'first-password');
    const phone = await login(server, 'grace@example.com', 'first-password');

    // Ask for a new address: only a mail to it, nothing changes yet.
    const wrong = await patch('/api/users/email', laptop, { newEmail: 'grace@navy.example', password: 'nope-nope' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: messages.auth.wrongPassword });
    const asked = await patch('/api/users/email', laptop, { newEmail: 'Grace@Navy.example', password: 'first-password' });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: messages.auth.emailSent });
    expect(((await (await me(laptop)).json()) as { email: string }).email).toBe('grace@example.com');

    const changeMail = await mailTo(smtp, 'grace@navy.example', /confirm your new email/i);
    const changeLink = linkIn(changeMail, '/verify-email-change');
    expect(changeLink.origin).toBe(server.origin);
    expect(changeLink.searchParams.get('name')).toBe('Grace');
    const changeToken = changeLink.searchParams.get('token')!;

    // A second request replaces the first link: only the newest one counts.
    const mailsBefore = smtp.mails.length;
    expect((await patch('/api/users/email', laptop, { newEmail: 'grace@navy.example', password: 'first-password' })).status).toBe(200);
    const secondMail = await mailTo(smtp, 'grace@navy.example', /confirm your new email/i, mailsBefore);
    const token = linkIn(secondMail, '/verify-email-change').searchParams.get('token')!;
    expect((await patch('/api/users/confirm-user-change-email', laptop, { verificationToken: changeToken })).status).toBe(400);
    // Another account cannot use the link, and does not spend it.
    const stranger = await createUser(server);
    const strangerCookie = await login(server, stranger.email, stranger.password);
    expect((await patch('/api/users/confirm-user-change-email', strangerCookie, { verificationToken: token })).status).toBe(400);
    const confirmed = await patch('/api/users/confirm-user-change-email', laptop, { verificationToken: token });
    expect(confirmed.status).toBe(200);
    const confirmedBody = (await confirmed.json()) as { message: string; user: Record<string, unknown> };
    expect(confirmedBody.message).toBe(messages.auth.emailVerified);
    expect(confirmedBody.user).toMatchObject({ email: 'grace@navy.example', name: 'Grace', googleId: null });
    const laptop2 = sessionCookieFrom(confirmed)!;
    expect(laptop2).toBeTruthy();
    expect(laptop2).not.toBe(laptop);
    // The old address hears about it.
    await mailTo(smtp, 'grace@example.com', /email was changed/i);

    // E-mail change ends every session but hands the actor a new one.
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop2)).status).toBe(200);
    const phone2 = await login(server, 'grace@navy.example', 'first-password');
    expect((await server.request('/api/users/auth', { json: { email: 'grace@example.com', password: 'first-password' } })).status).toBe(401);

    // Change the password from the laptop: the phone is out, the laptop continues on a new cookie.
    const badOld = await patch('/api/users/password', laptop2, { newPassword: 'second-password', oldPassword: 'wrong-old' });
    expect(badOld.status).toBe(403);
    const changed = await patch('/api/users/password', laptop2, { newPassword: 'second-password', oldPassword: 'first-password' });
    expect(changed.status).toBe(200);
    const changedBody = (await changed.json()) as { message: string; user: Record<string, unknown> };
    expect(changedBody).toEqual({ message: messages.auth.passwordUpdated, user: confirmedBody.user });
    const laptop3 = sessionCookieFrom(changed)!;
    expect(laptop3).not.toBe(laptop2);

    expect((await me(phone2)).status).toBe(401);
    expect((await me(laptop2)).status).toBe(401);
    expect((await me(laptop3)).status).toBe(200);
    expect((await server.request('/api/users/auth', { json: { email: 'grace@navy.example', password: 'first-password' } })).status).toBe(401);
    await login(server, 'grace@navy.example', 'second-password');
  });
});

describe('name and picture', () => {
  it('changes the name with the password and answers the new user info', async () => {
    const user = await createUser(server, { name: 'Old Name' });
    const cookie = await login(server, user.email, user.password);
    const wrong = await patch('/api/users/name', cookie, { newName: 'New Name', password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: messages.auth.wrongPassword });
    const missing = await patch('/api/users/name', cookie, { newName: 'New Name' });
    expect(missing.status).toBe(400);

    const response = await patch('/api/users/name', cookie, { newName: '  New Name ', password: user.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: messages.auth.nameUpdated,
      user: { _id: user.id, name: 'New Name', email: user.email, picture: '', googleId: null },
    });
    // The name change leaves the session alone.
    expect((await me(cookie)).status).toBe(200);
  });

  it('sets the picture to a /media/ path or clears it, and refuses anything else', async () => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const set = await patch('/api/users/profile', cookie, { picture: '/media/users/abc/avatar.webp' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ _id: user.id, picture: '/media/users/abc/avatar.webp' });
    for (const picture of ['https://evil.example/x.png', 'javascript:alert(1)', '/media/../etc/passwd', '/other/x.png']) {
      expect((await patch('/api/users/profile', cookie, { picture })).status, picture).toBe(400);
    }
    const cleared = await patch('/api/users/profile', cookie, { picture: '' });
    expect(await cleared.json()).toMatchObject({ picture: '' });
  });

  it('refuses an e-mail change to the current address and answers the same for an address in use', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    expect((await patch('/api/users/email', cookie, { newEmail: user.email, password: user.password })).status).toBe(400);
    const before = query<{ n: number }>(server, 'SELECT count(*) AS n FROM outbox WHERE to_address = ?', other.email)[0]!.n;
    const taken = await patch('/api/users/email', cookie, { newEmail: other.email, password: user.password });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ message: messages.auth.emailSent });
    expect(query<{ n: number }>(server, 'SELECT count(*) AS n FROM outbox WHERE to_address = ?', other.email)[0]!.n).toBe(before);
  });
});

describe('POST /api/messaging/sendMessageFromUser', () => {
  it('stores the message with the user and mails the inbox plain text, never the HTML', async () => {
    const user = await createUser(server, { name: 'Feedback Host' });
    const cookie = await login(server, user.email, user.password);
    const message = '<p><strong>editor</strong>: great &amp; fast</p><p>missing: <script>alert(1)</script>dark mode</p>';
    const response = await server.request('/api/messaging/sendMessageFromUser', {
      json: { name: 'Feedback Host', email: user.email, message },
      headers: withCookie(cookie),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.contact.sent });

    const [row] = query<{ kind: string; user_id: string; message: string }>(server, 'SELECT kind, user_id, message FROM contact_messages WHERE user_id = ?', user.id);
    expect(row).toMatchObject({ kind: 'user', user_id: user.id });
    expect(row!.message).toBe('editor: great & fast\n\nmissing: alert(1)dark mode');

    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(INBOX) && m.subject.includes('Feedback Host'));
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
    expect(mail.headers['reply-to']).toContain(user.email);
    expect(mail.text).toContain('editor: great & fast');
    expect(mail.text).not.toContain('<script>');
  });

  it('needs a session', async () => {
    const response = await server.request('/api/messaging/sendMessageFromUser', { json: { name: 'x', email: 'x@example.com', message: 'hi' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/users/me and the support line', () => {
  it('sends the support number to premium users only (docs/product.md §2 Support)', async () => {
    const free = await createUser(server);
    const freeMe = (await (await me(await login(server, free.email, free.password))).json()) as Record<string, unknown>;
    expect(freeMe['plan']).toBe('free');
    expect(freeMe).not.toHaveProperty('supportPhone');

    const premium = await createUser(server);
    setUserPlan(server, premium.id, 'premium');
    const premiumMe = (await (await me(await login(server, premium.email, premium.password))).json()) as Record<string, unknown>;
    expect(premiumMe['plan']).toBe('premium');
    expect(premiumMe['supportPhone']).toEqual(expect.stringMatching(/\d/));
  });
});
