import net from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../src/lib/shared/schemas/contact.ts';
import { USER_MESSAGE_MAX } from '../src/lib/shared/schemas/user-message.ts';
import { createUser, login, withCookie } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';

const INBOX = 'inbox@porchlight.test';
const valid = { name: 'Grace Hopper', email: 'grace@example.com', message: 'Is the cottage free in May?\nThanks!' };

let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ CONTACT_INBOX: INBOX, MAIL_FROM: 'Porchlight <no-reply@porchlight.test>' }, (started) => ({ server, smtp } = started));

function counts() {
  const db = server.openDb();
  try {
    const contacts = db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number };
    const outbox = db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number };
    return { contacts: contacts.n, outbox: outbox.n };
  } finally {
    db.close();
  }
}

describe('POST /api/messaging/contact', () => {
  it('stores the message and mails it to the inbox with Reply-To the visitor', async () => {
    const before = counts();
    const response = await server.request('/api/messaging/contact', { json: { ...valid, name: '  Grace Hopper ' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.contact.sent });

    const db = server.openDb();
    const rows = db.prepare('SELECT kind, name, email, message, ip FROM contact_messages').all();
    db.close();
    expect(counts().contacts).toBe(before.contacts + 1);
    // Trimmed by the shared schema before it is stored.
    expect(rows.at(-1)).toMatchObject({ kind: 'contact', name: 'Grace Hopper', email: valid.email, message: valid.message });

    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(INBOX));
    expect(mail.headers.to).toContain(INBOX);
    expect(mail.headers['reply-to']).toContain(valid.email);
    expect(mail.headers.from).toContain('no-reply@porchlight.test');
    expect(mail.subject).toContain('Grace Hopper');
    expect(mail.text).toContain(valid.message);
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('keeps a hostile name on one subject line and sends user input only as plain text', async () => {
    const name = 'Eve\r\nBcc: victim@example.com <b>';
    const response = await server.request('/api/messaging/contact', {
      json: { name, email: 'eve@example.com', message: '<script>alert(1)</script>' },
    });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.headers['reply-to']?.includes('eve@example.com') ?? false);
    expect(mail.envelopeTo).toEqual([INBOX]);
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.subject).toContain('Eve Bcc: victim@example.com <b>');
    expect(mail.raw).not.toMatch(/text\/html/);
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  describe('refuses bad requests and stores nothing', () => {
    let before: { contacts: number; outbox: number };
    beforeEach(() => {
      before = counts();
    });

    async function expectRefused(response: Response, status: number, message?: string) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { message: unknown };
      expect(typeof body.message).toBe('string');
      if (message) expect(body.message).toBe(message);
      expect(counts()).toEqual(before);
    }

    it.each([
      ['name missing', { email: valid.email, message: valid.message }, messages.contact.nameRequired],
      ['name blank', { ...valid, name: '   ' }, messages.contact.nameRequired],
      ['email missing', { name: valid.name, message: valid.message }, messages.contact.emailRequired],
      ['email malformed', { ...valid, email: 'grace-at-example.com' }, messages.contact.emailInvalid],
      ['message missing', { name: valid.name, email: valid.email }, messages.contact.messageRequired],
      // Each field answers with its own message, not "Your message is too long." for all.
      ['name too long', { ...valid, name: 'x'.repeat(CONTACT_NAME_MAX + 1) }, messages.contact.nameTooLong(CONTACT_NAME_MAX)],
      ['email too long', { ...valid, email: `${'x'.repeat(CONTACT_EMAIL_MAX)}@example.com` }, messages.contact.emailTooLong(CONTACT_EMAIL_MAX)],
      ['message too long', { ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, messages.contact.messageTooLong(CONTACT_MESSAGE_MAX)],
      ['everything missing', {}, messages.contact.nameRequired],
      ['not an object', [1, 2], messages.contact.nameRequired],
    ])('%s → 400', async (_label, json, message) => {
      await expectRefused(await server.request('/api/messaging/contact', { json }), 400, message);
    });

    it('malformed JSON → 400', async () => {
      const response = await server.request('/api/messaging/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": ',
      });
      await expectRefused(response, 400);
    });

    it.each([
      ['text/plain', JSON.stringify(valid)],
      ['application/x-www-form-urlencoded', new URLSearchParams(valid).toString()],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n`],
    ])('content type %s → 415', async (type, body) => {
      const response = await server.request('/api/messaging/contact', { method: 'POST', headers: { 'content-type': type }, body });
      await expectRefused(response, 415);
    });

    it('a 1 MB body → 413', async () => {
      const json = { ...valid, message: 'x'.repeat(1024 * 1024) };
      await expectRefused(await server.request('/api/messaging/contact', { json }), 413);
    });

    it('a 1 MB chunked body (no Content-Length) → 413', async () => {
      // Raw HTTP: the server answers while the client is still sending and then closes, which a
      // fetch client may report as a reset instead of the answer.
      const { port } = new URL(server.url);
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/messaging/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.origin}\r\n` +
              'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
          );
          const piece = Buffer.alloc(64 * 1024, 'x');
          for (let i = 0; i < 16 && !socket.destroyed; i++) socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
        });
        socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
        socket.on('error', () => resolve(data));
        socket.on('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/^connection: close$/im);
      expect(answer).toContain('"message":"The request body is larger than 256 KB."');
      expect(counts()).toEqual(before);
    });

    it('a cross-origin request → 403', async () => {
      const response = await server.request('/api/messaging/contact', { json: valid, headers: { origin: 'https://evil.example' } });
      await expectRefused(response, 403, messages.http.crossOrigin);
    });

    it('no Origin and a cross-site fetch → 403', async () => {
      const response = await fetch(`${server.url}/api/messaging/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify(valid),
      });
      await expectRefused(response, 403);
    });

    it('GET is refused, never a send', async () => {
      const response = await server.request('/api/messaging/contact');
      // 401 (not a public GET route), or 404/405 from the router.
      expect([401, 404, 405]).toContain(response.status);
      await response.body?.cancel();
      expect(counts()).toEqual(before);
    });

    // Last: it uses up this address's allowance.
    it('past 5 messages in 10 minutes from one address → 429 with Retry-After', async () => {
      let refused: Response | undefined;
      for (let i = 0; i < 6 && !refused; i++) {
        const response = await server.request('/api/messaging/contact', { json: valid });
        if (response.status === 429) refused = response;
        else {
          expect(response.status).toBe(200);
          await response.body?.cancel();
        }
      }
      expect(refused).toBeDefined();
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused!.json()) as { message: string };
      expect(body.message).toMatch(/try again/i);
      // Everything this file sent came from 127.0.0.1: exactly the allowance was stored.
      expect(counts().contacts).toBe(5);
    });
  });
});

describe('POST /api/messaging/sendMessageFromUser: each field its own message', () => {
  it.each([
    ['name too long', { name: 'x'.repeat(CONTACT_NAME_MAX + 1) }, messages.contact.nameTooLong(CONTACT_NAME_MAX)],
    ['email too long', { email: `${'x'.repeat(CONTACT_EMAIL_MAX)}@example.com` }, messages.contact.emailTooLong(CONTACT_EMAIL_MAX)],
    ['message too long', { message: 'x'.repeat(USER_MESSAGE_MAX + 1) }, messages.contact.messageTooLong(USER_MESSAGE_MAX)],
  ])('%s → 400 with the same text the support form shows', async (_label, change, message) => {
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    const response = await server.request('/api/messaging/sendMessageFromUser', { json: { ...valid, ...change }, headers: withCookie(cookie) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});
