import { describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, mailTo, setUserPlan, withCookie } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Every mail the app sends keeps each link whole on one line of the raw message,
 * so a link read from the source (an .eml opened as text, a client without MIME decoding) works.
 * The plain-text part goes out as written (7bit or 8bit, never quoted-printable, whose soft line
 * breaks and `=3D` cut links apart); an HTML part goes out as base64.
 */
const INBOX = 'inbox@porchlight.test';
/** Long and not ASCII: the greeting needs 8bit and the name makes the verification link long. */
const NAME = 'Zoë Ångström-Łukasiewicz de la Montaña y Villaverde';

let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ CONTACT_INBOX: INBOX, MAIL_FROM: 'Porchlight <no-reply@porchlight.test>' }, (started) => ({ server, smtp } = started));

interface Part {
  type: string;
  encoding: string;
  /** The body exactly as it travelled, lines as sent. */
  raw: string;
}

/** The message's parts as they travelled (one for a single-part mail). */
function partsOf(mail: ReceivedMail): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers['content-type'] ?? '')?.[1];
  const chunks = boundary ? mail.raw.split(`--${boundary}`).slice(1, -1) : [mail.raw];
  return chunks.map((chunk) => {
    const split = chunk.search(/\r?\n\r?\n/);
    const head = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    return {
      type: /^content-type:\s*([^\r\n;]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain',
      encoding: (/^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1] ?? '7bit').toLowerCase(),
      raw: chunk.slice(split).replace(/^\r?\n\r?\n/, ''),
    };
  });
}

/**
 * Asserts the plain-text part travels as written and holds each link on one raw line; returns
 * the links, for the caller to check they are the expected ones.
 */
function expectLinksWhole(mail: ReceivedMail): string[] {
  const parts = partsOf(mail);
  const text = parts.find((part) => part.type === 'text/plain')!;
  expect(text, 'a plain-text part').toBeDefined();
  expect(['7bit', '8bit'], `text part sent as ${text.encoding}`).toContain(text.encoding);
  expect(text.raw).not.toMatch(/=\r?\n|=3D/);
  // A link ends at white space; a comma or full stop before it closes the sentence.
  const links = text.raw.match(/https?:\/\/\S+?(?=[.,]?(?:\s|$))/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  const lines = mail.raw.split(/\r?\n/);
  for (const link of links) expect(lines.some((line) => line.includes(link)), link).toBe(true);
  // RFC 5322: no line over 998 octets.
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(998);
  for (const part of parts.filter((p) => p.type === 'text/html')) expect(part.encoding).toBe('base64');
  return links;
}

const patch = (pathname: string, cookie: string, json: unknown) => server.request(pathname, { method: 'PATCH', json, headers: withCookie(cookie) });

describe('account mails', () => {
  const email = 'zoe.links@example.com';

  it('verification: the link with its token and long name stays whole, and the name reads right', async () => {
    const response = await server.request('/api/users', { json: { name: NAME, email, password: 'long enough password', captchaToken: '' } });
    expect(response.status).toBe(201);
    const mail = await mailTo(smtp, email, /verify/i);
    const [link] = expectLinksWhole(mail);
    const url = new URL(link!);
    expect(url.pathname).toBe('/verify-email');
    expect(url.searchParams.get('name')).toBe(NAME);
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43);
    expect(mail.text).toContain(`Hello ${NAME},`);
  });

  it('someone registering with a taken address: both links in the sentence stay whole', async () => {
    const user = await createUser(server, { name: NAME, email: 'taken.links@example.com' });
    expect((await server.request('/api/users', { json: { name: 'Someone', email: user.email, password: 'another password', captchaToken: '' } })).status).toBe(201);
    const mail = await mailTo(smtp, user.email, /tried to register/i);
    expect(expectLinksWhole(mail).map((link) => new URL(link).pathname)).toEqual(['/login', '/forgotPassword']);
  });

  it('password reset and e-mail change', async () => {
    const user = await createUser(server, { name: NAME, email: 'reset.links@example.com' });
    expect((await server.request('/api/users/requestResetPassword', { json: { email: user.email } })).status).toBe(200);
    const reset = new URL(expectLinksWhole(await mailTo(smtp, user.email, /reset/i))[0]!);
    expect(reset.pathname).toBe('/resetPassword');
    expect(reset.searchParams.get('email')).toBe(user.email);

    const cookie = await login(server, user.email, user.password);
    expect((await patch('/api/users/email', cookie, { newEmail: 'a.rather.long.new.address.for.links@example.com', password: user.password })).status).toBe(200);
    const change = new URL(expectLinksWhole(await mailTo(smtp, 'a.rather.long.new.address.for.links@example.com', /confirm your new email/i))[0]!);
    expect(change.pathname).toBe('/verify-email-change');
    expect(change.searchParams.get('name')).toBe(NAME);
  });
});

describe('other mails', () => {
  it('the guest link: whole in the text part, the HTML part base64', async () => {
    const user = await createUser(server, { name: NAME });
    setUserPlan(server, user.id, 'gold');
    const cookie = await login(server, user.email, user.password);
    const created = await server.request('/api/instruction', { json: { nameInstruction: 'Casa del Río — vista al mar' }, headers: withCookie(cookie) });
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const shared = await server.request(`/api/instruction/${instruction._id}/share`, { json: { email: 'guest.links@example.com' }, headers: withCookie(cookie) });
    expect(shared.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes('guest.links@example.com'));
    expect(partsOf(mail).map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(expectLinksWhole(mail)).toEqual([`${server.origin}/instruction/${instruction.token}`]);
  });

  it('a contact message: the link the visitor typed arrives whole', async () => {
    const link = `https://example.com/listings/seaside-cottage-with-a-long-name?ref=${'x'.repeat(80)}&utm_source=porchlight`;
    const response = await server.request('/api/messaging/contact', { json: { name: NAME, email: 'visitor.links@example.com', message: `Is this listing yours? ${link} Merci beaucoup — à bientôt!` } });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(INBOX) && (m.headers['reply-to'] ?? '').includes('visitor.links@example.com'));
    expect(expectLinksWhole(mail)).toEqual([link]);
    expect(mail.text).toContain('Merci beaucoup — à bientôt!');
  });
});
