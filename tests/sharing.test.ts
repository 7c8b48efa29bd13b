import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, setUserPlan, signedInHost, type SignedInHost } from './helpers/auth.ts';
import type { TestPlan } from './helpers/plan.ts';
import type { TestServer } from './helpers/server.ts';
import { serverWithMailForFile, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Sharing: the QR code of the guest link (PNG, SVG), the printable poster and the
 * guest-link mail, against the real server and a real SMTP server on loopback.
 */
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ MAIL_FROM: 'Porchlight <no-reply@porchlight.test>' }, (started) => ({ server, smtp } = started));

const SECRETS = { wifiPassword: 'Sunset-Wifi-9931', code: 'LOCKBOX-4821', address: '12 Hidden Lane, Split' };

type Host = SignedInHost;

const host = (plan: TestPlan = 'gold'): Promise<Host> => signedInHost(server, plan);

async function create(h: Host, body: Record<string, unknown> = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', {
    json: { nameInstruction: 'Seaside Cottage', wifiName: 'Cottage-Guest', wifiPassword: SECRETS.wifiPassword, code: SECRETS.code, address: SECRETS.address, hostName: 'Marta', ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

function guestUrl(token: string): string {
  return `${server.origin}/instruction/${token}`;
}

function outboxCount(): number {
  return query<{ n: number }>(server, 'SELECT count(*) AS n FROM outbox')[0]!.n;
}

/**
 * The module grid drawn in an image (PNG, or SVG rasterised by sharp): the quiet zone is found
 * from the dark pixels' bounding box, the module size from the top-left finder pattern (7 modules
 * wide), and each module is read at its centre.
 */
async function readModules(image: Buffer): Promise<boolean[][]> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[y * info.width + x]! < 128;
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (!dark(x, y)) continue;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
    }
  }
  let finder = 0;
  while (dark(minX + finder, minY)) finder += 1;
  const moduleSize = finder / 7;
  const count = Math.round((maxX - minX + 1) / moduleSize);
  return Array.from({ length: count }, (_, row) =>
    Array.from({ length: count }, (_, col) => dark(Math.floor(minX + (col + 0.5) * moduleSize), Math.floor(minY + (row + 0.5) * moduleSize))),
  );
}

/** Whether `modules` is the QR code of `text` (at whichever error-correction level it was made). */
function encodes(modules: boolean[][], text: string): boolean {
  return (['L', 'M', 'Q', 'H'] as QRCodeErrorCorrectionLevel[]).some((level) => {
    const expected = QRCode.create(text, { errorCorrectionLevel: level }).modules;
    if (expected.size !== modules.length) return false;
    return modules.every((line, row) => line.every((value, col) => value === Boolean(expected.get(row, col))));
  });
}

describe('GET /api/instruction/:id/qr', () => {
  let owner: Host;
  let target: Instruction;

  beforeAll(async () => {
    owner = await host();
    target = await create(owner);
  });

  it('answers a 1024 px PNG of the guest link, as a download named after the guidebook, never cached', async () => {
    const response = await owner.call(`/api/instruction/${target._id}/qr?format=png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="seaside-cottage-qr\.png"/);
    expect(response.headers.get('cache-control')).toMatch(/private/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect(encodes(await readModules(png), guestUrl(target.token))).toBe(true);
    // The same bytes the qrcode library makes for that link.
    expect(png).toEqual(await QRCode.toBuffer(guestUrl(target.token), { type: 'png', width: 1024, margin: 4, errorCorrectionLevel: 'M' }));
  });

  it('answers an SVG of the same code', async () => {
    const response = await owner.call(`/api/instruction/${target._id}/qr?format=svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="seaside-cottage-qr\.svg"/);
    // Opened as a document, the file may run nothing.
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(encodes(await readModules(Buffer.from(svg)), guestUrl(target.token))).toBe(true);
  });

  it('answers PNG without a format and 400 for an unknown one', async () => {
    const plain = await owner.call(`/api/instruction/${target._id}/qr`);
    expect(plain.headers.get('content-type')).toBe('image/png');
    const gif = await owner.call(`/api/instruction/${target._id}/qr?format=gif`);
    expect(gif.status).toBe(400);
    expect(await gif.json()).toEqual({ message: messages.sharing.formatInvalid });
  });

  it('keeps letters of any script in the file name and falls back to "guidebook" in ASCII', async () => {
    const greek = await create(owner, { nameInstruction: 'Ζεστό σπίτι (Crète)' });
    const response = await owner.call(`/api/instruction/${greek._id}/qr?format=svg`);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('filename="crete-qr.svg"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('ζεστό-σπίτι-crète-qr.svg')}`);
  });

  it('follows a regenerated link: the code encodes the new token', async () => {
    const own = await create(owner, { nameInstruction: 'Relinked' });
    const relinked = await owner.call(`/api/instruction/preview/${own.token}`, { method: 'PATCH' });
    const { instruction } = (await relinked.json()) as { instruction: Instruction };
    expect(instruction.token).not.toBe(own.token);
    const png = Buffer.from(await (await owner.call(`/api/instruction/${own._id}/qr`)).arrayBuffer());
    expect(encodes(await readModules(png), guestUrl(instruction.token))).toBe(true);
    expect(encodes(await readModules(png), guestUrl(own.token))).toBe(false);
  });
});

describe('who may share', () => {
  let owner: Host;
  let other: Host;
  let target: Instruction;

  beforeAll(async () => {
    owner = await host();
    other = await host();
    target = await create(owner);
  });

  it('signed out: 401 on the API, the poster sends to the login with a way back', async () => {
    for (const format of ['png', 'svg']) expect((await server.request(`/api/instruction/${target._id}/qr?format=${format}`)).status).toBe(401);
    const before = outboxCount();
    const share = await server.request(`/api/instruction/${target._id}/share`, { json: { email: 'guest@example.com' } });
    expect(share.status).toBe(401);
    const poster = await server.request(`/dashboard/poster/${target._id}`, { redirect: 'manual' });
    expect(poster.status).toBe(302);
    expect(poster.headers.get('location')).toBe(`/login?redirect=/dashboard/poster/${target._id}`);
    expect(outboxCount()).toBe(before);
  });

  it('another host: 404 "Guidebook not found" everywhere, nothing mailed', async () => {
    const before = outboxCount();
    for (const format of ['png', 'svg']) {
      const response = await other.call(`/api/instruction/${target._id}/qr?format=${format}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: messages.instruction.notFound });
    }
    const share = await other.call(`/api/instruction/${target._id}/share`, { json: { email: 'guest@example.com' } });
    expect(share.status).toBe(404);
    expect(await share.json()).toEqual({ message: messages.instruction.notFound });
    const poster = await other.call(`/dashboard/poster/${target._id}`);
    expect(poster.status).toBe(404);
    // A real page with its own policy (its scripts and styles allowed), not a bare error body.
    expect(poster.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const page = await poster.text();
    expect(page).toContain(messages.app.notFound);
    expect(page).not.toContain('Seaside Cottage');
    // The token is no key either.
    expect((await owner.call(`/api/instruction/${target.token}/qr`)).status).toBe(404);
    expect(outboxCount()).toBe(before);
  });

  it('a cross-origin share is refused before anything is queued', async () => {
    const before = outboxCount();
    const evil = await owner.call(`/api/instruction/${target._id}/share`, { json: { email: 'guest@example.com' }, headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    const form = await owner.call(`/api/instruction/${target._id}/share`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email: 'guest@example.com' }) });
    expect(form.status).toBe(415);
    expect(outboxCount()).toBe(before);
  });

  it('a guidebook locked by the plan is shared like its guest link, which keeps working', async () => {
    const h = await host('premium');
    const paid = await create(h, { nameInstruction: 'Made on Premium' });
    setUserPlan(server, h.id, 'free');
    expect((await server.request(`/instruction/${paid.token}`)).status).toBe(200);
    expect((await h.call(`/api/instruction/${paid._id}/qr`)).status).toBe(200);
    expect((await h.call(`/dashboard/poster/${paid._id}`)).status).toBe(200);
    const share = await h.call(`/api/instruction/${paid._id}/share`, { json: { email: 'locked-guest@example.com' } });
    expect(share.status).toBe(200);
  });
});

describe('the printable poster', () => {
  it('shows the name, the QR of the guest link, the link and the Wi-Fi, never the code or the password', async () => {
    const owner = await host();
    const target = await create(owner, { nameInstruction: 'Harbour <Loft> & "Co"' });
    const response = await owner.call(`/dashboard/poster/${target._id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const html = await response.text();
    // This route, not the admin app's catch-all.
    expect(html).toContain('Printable poster');
    expect(html).not.toContain('The Porchlight dashboard needs JavaScript');
    expect(html).toContain('Harbour &lt;Loft&gt; &amp; &quot;Co&quot;');
    expect(html).toContain(guestUrl(target.token).replace('http://', ''));
    expect(html).toContain('Cottage-Guest');
    expect(html).toMatch(/aria-label="Wi-Fi QR code"/);
    expect(html).toMatch(/aria-label="QR code: open the guidebook for Harbour &lt;Loft&gt; &amp; &quot;Co&quot;"/);
    expect(html).not.toContain(SECRETS.code);
    expect(html).not.toContain(SECRETS.wifiPassword);
    expect(html).not.toContain(SECRETS.address);
    // The guest-link code on the page is the code of the guest link.
    const svg = html.match(/<div class="qr[^"]*"[^>]*>(<svg[\s\S]*?<\/svg>)/)?.[1];
    expect(svg).toBeDefined();
    expect(encodes(await readModules(Buffer.from(svg!.replace(/<svg /, '<svg width="800" height="800" '))), guestUrl(target.token))).toBe(true);
  });
});

describe('the poster’s favourites', () => {
  it('lists at most five of the host’s favourite places, name and address, and none of the others', async () => {
    const owner = await host();
    const place = (id: number, pick: boolean) => ({ id, name: `Place <${id}>`, category: 'eat', note: '', mapUrl: '', lat: null, lng: null, address: `Obala ${id}, Split`, website: '', phone: '', imageUrl: '', pick });
    const target = await create(owner, { places: [place(1, false), ...[2, 3, 4, 5, 6, 7].map((id) => place(id, true))] });
    const html = await (await owner.call(`/dashboard/poster/${target._id}`)).text();
    expect(html).toContain('Our favourites');
    const names = [...html.matchAll(/class="pick-name[^"]*"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(names).toEqual(['Place &lt;2&gt;', 'Place &lt;3&gt;', 'Place &lt;4&gt;', 'Place &lt;5&gt;', 'Place &lt;6&gt;']);
    expect(html).toContain('Obala 2, Split');
    expect(html).not.toContain('Obala 1, Split');
    // No places, no list.
    const plain = await create(owner);
    expect(await (await owner.call(`/dashboard/poster/${plain._id}`)).text()).not.toContain('Our favourites');
  });
});

describe('poster branding follows the guest page (docs/product.md §4)', () => {
  it('premium: the branding title and no product branding; otherwise the product’s', async () => {
    const premium = await host('premium');
    const branded = await create(premium, { brandingTitle: 'Adriatic Stays' });
    const page = await (await premium.call(`/dashboard/poster/${branded._id}`)).text();
    expect(page).toContain('Adriatic Stays');
    expect(page).not.toContain('Made with Porchlight');

    const gold = await host('gold');
    const plain = await create(gold, { brandingTitle: 'Not Shown' });
    const other = await (await gold.call(`/dashboard/poster/${plain._id}`)).text();
    expect(other).not.toContain('Not Shown');
    expect(other).toContain('Made with Porchlight');
  });
});

interface MailPart {
  type: string;
  body: string;
}

/** The parts of a multipart mail, each decoded (quoted-printable or base64). */
function mailParts(mail: ReceivedMail): MailPart[] {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ type: mail.headers['content-type'] ?? '', body: mail.text }];
  return mail.raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const split = chunk.search(/\r?\n\r?\n/);
      const head = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      const raw = chunk.slice(split).trim();
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '';
      const encoding = (/content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1] ?? '7bit').toLowerCase();
      const body =
        encoding === 'base64'
          ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
            : raw;
      return { type, body: body.replace(/\r\n/g, '\n') };
    });
}

describe('POST /api/instruction/:id/share', () => {
  it('mails the guest the guidebook name, the host and the link, and none of the secrets', async () => {
    const owner = await host();
    const target = await create(owner, { nameInstruction: 'Villa <b>Sol</b> & "Mar"', hostName: 'Ana <script>x</script>' });
    const response = await owner.call(`/api/instruction/${target._id}/share`, { json: { email: '  Guest.One@Example.com ' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.sharing.mailSent });

    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes('guest.one@example.com'));
    expect(mail.headers.from).toContain('no-reply@porchlight.test');
    expect(mail.subject).toBe('Your guidebook for Villa <b>Sol</b> & "Mar"');
    const parts = mailParts(mail);
    const text = parts.find((part) => part.type.startsWith('text/plain'))!.body;
    const html = parts.find((part) => part.type.startsWith('text/html'))!.body;
    expect(text).toContain(guestUrl(target.token));
    expect(text).toContain('Villa <b>Sol</b> & "Mar"');
    expect(text).toContain('Ana <script>x</script>');
    // In the HTML part everything typed by the host is text, never markup.
    expect(html).toContain(`href="${guestUrl(target.token)}"`);
    expect(html).toContain('Villa &lt;b&gt;Sol&lt;/b&gt; &amp; &quot;Mar&quot;');
    expect(html).toContain('Ana &lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<b>/i);
    // The plain link follows the guest's browser: its mail is in English.
    expect(html).toMatch(/<html lang="en">/);
    expect(text).toContain('Ana <script>x</script> has shared the guidebook for Villa <b>Sol</b> & "Mar" with you');
    for (const secret of [SECRETS.wifiPassword, SECRETS.code, SECRETS.address, 'Cottage-Guest']) {
      expect(mail.raw, secret).not.toContain(secret);
      expect(text + html, secret).not.toContain(secret);
    }
  });

  it('uses the account name when the guidebook names no host', async () => {
    const owner = await host();
    const target = await create(owner, { hostName: '' });
    expect((await owner.call(`/api/instruction/${target._id}/share`, { json: { email: 'guest.two@example.com' } })).status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes('guest.two@example.com'));
    expect(mailParts(mail).find((part) => part.type.startsWith('text/plain'))!.body).toContain(`${owner.name} has shared the guidebook`);
  });

  it.each([
    ['missing', {}, messages.sharing.emailRequired],
    ['blank', { email: '   ' }, messages.sharing.emailRequired],
    ['malformed', { email: 'guest-at-example.com' }, messages.sharing.emailInvalid],
    ['two addresses', { email: 'a@example.com, b@example.com' }, messages.sharing.emailInvalid],
    ['header injection', { email: 'a@example.com\r\nBcc: b@example.com' }, messages.sharing.emailInvalid],
    ['not a string', { email: ['a@example.com'] }, messages.sharing.emailRequired],
  ])('an address %s → 400, nothing queued', async (_label, json, message) => {
    const owner = await host();
    const target = await create(owner);
    const before = outboxCount();
    const response = await owner.call(`/api/instruction/${target._id}/share`, { json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(outboxCount()).toBe(before);
  });

  it('one recipient gets at most 5 a day, from any host: then 429 and nothing queued', async () => {
    const [a, b] = [await host(), await host()];
    const [ga, gb] = [await create(a), await create(b)];
    const to = 'popular-guest@example.com';
    for (let i = 0; i < 5; i += 1) {
      const response = await (i % 2 ? b : a).call(`/api/instruction/${(i % 2 ? gb : ga)._id}/share`, { json: { email: to } });
      expect(response.status, `send ${i + 1}`).toBe(200);
    }
    const before = outboxCount();
    const refused = await b.call(`/api/instruction/${gb._id}/share`, { json: { email: to.toUpperCase() } });
    expect(refused.status).toBe(429);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/^Too many guidebook emails sent\. Please try again in \d+ hours?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(outboxCount()).toBe(before);
    // Another recipient is still fine.
    expect((await b.call(`/api/instruction/${gb._id}/share`, { json: { email: 'other-guest@example.com' } })).status).toBe(200);
  });

  it('one host sends at most 20 an hour: then 429 and nothing queued', async () => {
    const owner = await host();
    const target = await create(owner);
    for (let i = 0; i < 20; i += 1) {
      const response = await owner.call(`/api/instruction/${target._id}/share`, { json: { email: `hourly-${i}@example.com` } });
      expect(response.status, `send ${i + 1}`).toBe(200);
    }
    const before = outboxCount();
    const refused = await owner.call(`/api/instruction/${target._id}/share`, { json: { email: 'hourly-20@example.com' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many guidebook emails sent\. Please try again in (\d+ minutes?|1 hour)\.$/);
    expect(outboxCount()).toBe(before);
    // The refused recipient was not counted against its own limit.
    expect(query(server, "SELECT key FROM rate_limits WHERE key = 'share:to:hourly-20@example.com'")).toEqual([]);
    // Every accepted one is delivered.
    await smtp.waitForMail((m) => m.envelopeTo.includes('hourly-19@example.com'));
  });
});

describe('the poster and the mail in one of the guidebook’s languages (docs/product/guest-languages.md)', () => {
  async function translated(owner: Host): Promise<Instruction> {
    const made = await create(owner, { nameInstruction: 'Seaside Cottage' });
    const translations = { de: { nameInstruction: { text: 'Strandhäuschen', source: sourceHash('Seaside Cottage') } } };
    const saved = await owner.call(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, translations } });
    expect(saved.status).toBe(200);
    return ((await saved.json()) as { instruction: Instruction }).instruction;
  }

  it('prints the poster in German with the German page’s link (`?lang=de`); a language it is not in prints the main one', async () => {
    const owner = await host();
    const target = await translated(owner);
    const german = await (await owner.call(`/dashboard/poster/${target._id}?lang=de`)).text();
    expect(german).toMatch(/<html lang="de"/);
    expect(german).toContain('Strandhäuschen');
    expect(german).toContain(`/instruction/${target.token}/de`);
    const main = await (await owner.call(`/dashboard/poster/${target._id}?lang=ja`)).text();
    expect(main).toMatch(/<html lang="en"/);
    expect(main).toContain('Seaside Cottage');
    expect(main).not.toContain(`/instruction/${target.token}/`);
  });

  it('mails the German page’s link and name with `?lang=de`; 400 with a message for a language it is not in, nothing queued', async () => {
    const owner = await host();
    const target = await translated(owner);
    const response = await owner.call(`/api/instruction/${target._id}/share?lang=de`, { json: { email: 'guest.de@example.com' } });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes('guest.de@example.com'));
    // The name, the link and the mail's own sentences are German; the HTML says so.
    expect(mail.subject).toBe('Ihre Gästemappe für Strandhäuschen');
    const parts = mailParts(mail);
    const text = parts.find((part) => part.type.startsWith('text/plain'))!.body;
    const html = parts.find((part) => part.type.startsWith('text/html'))!.body;
    expect(text).toContain(`${guestUrl(target.token)}/de`);
    expect(text).toContain('Guten Tag,');
    expect(text).toContain('Marta hat die Gästemappe für Strandhäuschen mit Ihnen geteilt');
    expect(text).toContain('Gästemappe öffnen');
    expect(text).toContain('Gesendet von Porchlight im Auftrag von Marta.');
    expect(text).not.toMatch(/shared|Open your guidebook|Sent by/);
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain(`href="${guestUrl(target.token)}/de"`);
    expect(html).toContain('Oder kopieren Sie diesen Link in Ihren Browser:');
    expect(html).not.toMatch(/shared|Open your guidebook|Sent by/);

    const before = outboxCount();
    const refused = await owner.call(`/api/instruction/${target._id}/share?lang=ja`, { json: { email: 'guest.ja@example.com' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: messages.sharing.languageNotOffered('Japanese') });
    expect(outboxCount()).toBe(before);
  });
  it('draws the QR code of the German page with `&lang=de`, of the main one with `&lang=<main>`; 400 for a language it is not in', async () => {
    const owner = await host();
    const target = await translated(owner);
    const german = await owner.call(`/api/instruction/${target._id}/qr?format=png&lang=de`);
    expect(german.status).toBe(200);
    expect(german.headers.get('content-disposition')).toMatch(/^attachment; filename="seaside-cottage-qr-de\.png"/);
    expect(encodes(await readModules(Buffer.from(await german.arrayBuffer())), `${guestUrl(target.token)}/de`)).toBe(true);
    const svg = await owner.call(`/api/instruction/${target._id}/qr?format=svg&lang=en`);
    expect(encodes(await readModules(Buffer.from(await svg.text())), `${guestUrl(target.token)}/en`)).toBe(true);

    for (const lang of ['ja', 'xx', '']) {
      const refused = await owner.call(`/api/instruction/${target._id}/qr?format=png&lang=${lang}`);
      expect(refused.status, lang).toBe(400);
      expect(((await refused.json()) as { message: string }).message, lang).toMatch(/^This guidebook is not in /);
    }
    expect(await (await owner.call(`/api/instruction/${target._id}/qr?format=png&lang=ja`)).json()).toEqual({ message: messages.sharing.languageNotOffered('Japanese') });
    // Someone else's guidebook is still a 404, whatever the language.
    expect((await (await host()).call(`/api/instruction/${target._id}/qr?format=png&lang=de`)).status).toBe(404);
  });

  it('prints the main language’s own page with `?lang=<main>` (the share dialog’s choice)', async () => {
    const owner = await host();
    const target = await translated(owner);
    const main = await (await owner.call(`/dashboard/poster/${target._id}?lang=en`)).text();
    expect(main).toMatch(/<html lang="en"/);
    expect(main).toContain(`/instruction/${target.token}/en`);
  });

  it('gives the offered languages in the guidebook list, the host’s own only', async () => {
    const owner = await host();
    const target = await translated(owner);
    const list = (await (await owner.call('/api/instruction')).json()) as Instruction[];
    const item = list.find((entry) => entry._id === target._id)!;
    expect(item.language).toBe('en');
    expect(Object.keys(item.translations)).toEqual(['de']);
    const stranger = (await (await (await host()).call('/api/instruction')).json()) as Instruction[];
    expect(stranger.map((entry) => entry._id)).not.toContain(target._id);
  });
});
