import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { query, requestFrom, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';
import { startTurnstileStub } from './helpers/turnstile-stub.ts';
import { storedNames, storedSnapshotPage } from './helpers/stored.ts';
import { until } from './helpers/until.ts';

/**
 * Stays and the secrets policy, over real HTTP. Times are set relative to the real
 * clock (a stay that began yesterday, one that begins in three days), never slept through; the
 * window's edges are proven on the pure decision in stays-window.test.ts with an injected clock.
 */
let server: TestServer;
/** Mails are read as delivered: the outbox keeps only the envelope once a mail is sent. */
let smtp: TestSmtpServer;

serverWithMailForFile({ NODE_ENV: 'test' }, (started) => ({ server, smtp } = started));

type Host = SignedInHost;

const host = (on: TestServer = server): Promise<Host> => signedInHost(on, 'gold');

const CODE = '4821';
const PASSWORD = 'sunny-days-42';
const PIN = '258014';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A date as English writes it ("Thu 1 Aug"): on a page in another language, one not written in it. */
const ENGLISH_DATE = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/;
/** A snapshot's stored encodings; the page itself (`html`) last. */
const ENCODINGS = ['br', 'gz', 'html'] as const;

async function guidebook(h: Host, body: Record<string, unknown> = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', {
    json: {
      nameInstruction: 'Harbour Loft',
      code: CODE,
      wifiName: 'Loft-Guest',
      wifiPassword: PASSWORD,
      timeZone: 'UTC',
      boxes: [{ id: 1, title: 'Open the lock box', paragraph: '<p>The code is <span data-marker="lockbox"></span>.</p>', imageUrl: '' }],
      ...body,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

/** A wall-clock "YYYY-MM-DDTHH:mm" in UTC, `offsetMs` from now. */
const utcLocal = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);

/** A stay of the fixtures, which share guidebooks and dates: added as the host's "Add anyway" (overlaps: stays-orders-meet.test.ts). */
async function addStay(h: Host, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  const response = await h.call(`/api/instruction/${g._id}/stays`, { json: { allowOverlap: true, ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

const secrets = (token: string, pin?: string) => server.request(`/api/guest/${token}/secrets`, { headers: pin === undefined ? {} : { 'x-guest-pin': pin } });

function expectNoSecrets(text: string, what: string): void {
  expect(text, what).not.toContain(CODE);
  expect(text, what).not.toContain(PASSWORD);
  expect(text, what).not.toContain(PIN);
}

describe('stays API', () => {
  let h: Host;
  let g: Instruction;

  beforeAll(async () => {
    h = await host();
    g = await guidebook(h, { timeZone: 'Europe/Zagreb' });
  });

  it('creates a stay in the property’s time zone, with its own unguessable link', async () => {
    const stay = await addStay(h, g, { guestName: 'Ana Horvat', guestEmail: 'Ana@Example.com', checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00', language: 'hr' });
    expect(stay).toMatchObject({
      guestName: 'Ana Horvat',
      guestEmail: 'ana@example.com',
      language: 'hr',
      checkIn: '2030-07-04T15:00',
      checkOut: '2030-07-08T11:00',
      // Zagreb is UTC+2 in July.
      checkInAt: '2030-07-04T13:00:00.000Z',
      checkOutAt: '2030-07-08T09:00:00.000Z',
      timeZone: 'Europe/Zagreb',
      source: 'manual',
      status: 'upcoming',
      reveals: { first: null, last: null, count: 0 },
    });
    expect(stay.token).toMatch(/^[\w-]{24}$/);
    expect(new URL(stay.url).pathname).toBe(`/stay/${stay.token}`);
    const winter = await addStay(h, g, { checkIn: '2030-01-10T15:00', checkOut: '2030-01-12T11:00' });
    expect(winter.checkInAt).toBe('2030-01-10T14:00:00.000Z');

    const list = (await (await h.call(`/api/instruction/${g._id}/stays?group=upcoming`)).json()) as StaysPage;
    // Soonest check-in first.
    expect(list.stays.map((s) => s._id)).toEqual([winter._id, stay._id]);
    expect(list.counts).toEqual({ current: 0, upcoming: 2, past: 0 });
    expect(list.calendar).toBeNull();
  });

  it('refuses stays that make no sense, with a message, and stores nothing', async () => {
    const before = query(server, 'SELECT id FROM stays').length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ checkIn: '2030-07-04T15:00', checkOut: '2030-07-04T11:00' }, messages.stays.checkOutBeforeCheckIn],
      // A day alone is fine (the guidebook's usual time is added, tests/check-in-out.test.ts); a day written otherwise is not.
      [{ checkIn: '4 July 2030', checkOut: '2030-07-05T11:00' }, messages.stays.dateRequired('check-in')],
      [{ checkIn: '2030-07-04T15', checkOut: '2030-07-05T11:00' }, messages.stays.dateRequired('check-in')],
      [{ checkIn: '2030-02-30T15:00', checkOut: '2030-03-05T11:00' }, messages.stays.dateRequired('check-in')],
      [{ checkIn: '2030-07-04T15:00' }, messages.stays.dateRequired('check-out')],
      [{ checkIn: '2030-07-04T15:00', checkOut: '2032-07-04T11:00' }, messages.stays.tooLong(366)],
      [{ checkIn: '2030-07-04T15:00', checkOut: '2030-07-05T11:00', guestEmail: 'not-an-address' }, messages.stays.emailInvalid],
      [{ checkIn: '2030-07-04T15:00', checkOut: '2030-07-05T11:00', guestName: 'x'.repeat(101) }, 'The guest name can be at most 100 characters.'],
    ];
    for (const [body, message] of cases) {
      const response = await h.call(`/api/instruction/${g._id}/stays`, { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ message });
    }
    expect(query(server, 'SELECT id FROM stays')).toHaveLength(before);
  });

  it('holds at most 1,000 stays made by hand that have not ended; past ones and a booking system’s do not count', async () => {
    const full = await guidebook(h, { nameInstruction: 'Busy Loft' });
    const now = Date.now();
    // 999 ahead and one past, written as the API writes them.
    run(
      server,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
       INSERT INTO stays (id, instruction_id, user_id, team_id, token, guest_name, guest_email, language, check_in, check_out, calendar_uid, first_revealed_at, last_revealed_at, reveal_count, created_at, updated_at)
       SELECT 'cap-' || i, ?, ?, ?, 'cap-token-' || i, '', '', '', CAST(? AS BIGINT) + i * 60000, CASE WHEN i = 1 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) + i * 60000 + 86400000 END, NULL, NULL, NULL, 0, CAST(? AS BIGINT), CAST(? AS BIGINT) FROM n`,
      full._id,
      h.id,
      h.teamId,
      now + DAY,
      now - DAY,
      now + DAY,
      now,
      now,
    );
    // A stay a booking system brought is bounded by its sync, not by this cap.
    run(
      server,
      `INSERT INTO stays (id, instruction_id, user_id, team_id, token, guest_name, guest_email, language, check_in, check_out, calendar_uid, pms_reservation_id, reveal_count, created_at, updated_at)
       VALUES ('cap-pms', ?, ?, ?, 'cap-token-pms', 'Ana', '', '', ?, ?, NULL, 'smoobu-77', 0, ?, ?)`,
      full._id,
      h.id,
      h.teamId,
      now + 2 * DAY,
      now + 5 * DAY,
      now,
      now,
    );
    expect((await h.call(`/api/instruction/${full._id}/stays`, { json: { checkIn: utcLocal(3 * DAY), checkOut: utcLocal(4 * DAY), allowOverlap: true } })).status).toBe(201);
    const refused = await h.call(`/api/instruction/${full._id}/stays`, { json: { checkIn: utcLocal(3 * DAY), checkOut: utcLocal(4 * DAY), allowOverlap: true } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: messages.stays.tooManyAhead(1000) });
    expect(query(server, 'SELECT id FROM stays WHERE instruction_id = ?', full._id)).toHaveLength(1002);
  });

  it('edits and deletes a stay; a deleted stay’s link answers 404 at once', async () => {
    const stay = await addStay(h, g, { guestName: 'Bo', checkIn: utcLocal(-DAY), checkOut: utcLocal(2 * DAY) });
    // Computed once: two calls a minute boundary apart would name different minutes.
    const checkOut = utcLocal(10 * DAY);
    const patched = await h.call(`/api/instruction/${g._id}/stays/${stay._id}`, { method: 'PATCH', json: { guestName: 'Bo Berg', checkOut } });
    expect(patched.status).toBe(200);
    const body = (await patched.json()) as { message: string; stay: Stay };
    expect(body.message).toBe(messages.stays.updated);
    expect(body.stay).toMatchObject({ guestName: 'Bo Berg', checkOut, token: stay.token });
    const bad = await h.call(`/api/instruction/${g._id}/stays/${stay._id}`, { method: 'PATCH', json: { checkOut: '2000-01-01T11:00' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: messages.stays.checkOutBeforeCheckIn });

    expect((await server.request(`/stay/${stay.token}`)).status).toBe(200);
    expect((await h.call(`/api/instruction/${g._id}/stays/${stay._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await server.request(`/stay/${stay.token}`)).status).toBe(404);
    expect((await secrets(stay.token)).status).toBe(404);
    const again = await h.call(`/api/instruction/${g._id}/stays/${stay._id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: messages.stays.notFound });
  });

  it('sends the stay link by e-mail through the outbox: the link and dates, never a secret', async () => {
    const stay = await addStay(h, g, { guestName: 'Cleo', guestEmail: 'cleo@example.com', checkIn: '2030-08-01T15:00', checkOut: '2030-08-03T11:00' });
    const response = await h.call(`/api/instruction/${g._id}/stays/${stay._id}/send`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.stays.sent, to: 'cleo@example.com' });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes('cleo@example.com'));
    const text = readableParts(mail);
    expect(text).toContain(stay.url);
    expect(text).toContain('Hello Cleo,');
    expect(text).toContain('Thu 1 Aug, 15:00');
    expectNoSecrets(text, 'stay mail');

    const noAddress = await addStay(h, g, { checkIn: '2030-08-01T15:00', checkOut: '2030-08-03T11:00' });
    const refused = await h.call(`/api/instruction/${g._id}/stays/${noAddress._id}/send`, { method: 'POST', json: {} });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: messages.stays.noEmail });
  });

  it('writes the stay’s mail in the stay’s language when the guidebook offers it, else in the main one', async () => {
    const made = await guidebook(h, { nameInstruction: 'Harbour Loft', timeZone: 'UTC' });
    const translations = { de: { nameInstruction: { text: 'Hafenloft', source: sourceHash('Harbour Loft') } } };
    const saved = await h.call(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, translations } });
    expect(saved.status).toBe(200);
    const times = { checkIn: '2030-08-01T15:00', checkOut: '2030-08-03T11:00' };
    const german = await addStay(h, made, { guestName: 'Dora', guestEmail: 'dora@example.com', language: 'de-AT', ...times });
    expect((await h.call(`/api/instruction/${made._id}/stays/${german._id}/send`, { method: 'POST', json: {} })).status).toBe(200);
    const text = readableParts(await smtp.waitForMail((m) => m.envelopeTo.includes('dora@example.com')));
    expect(text).toContain('Guten Tag Dora,');
    expect(text).toContain('Hafenloft');
    expect(text).toContain('Ihr Aufenthalt:');
    expect(text).toContain('Do., 1. Aug., 15:00');
    expect(text).toContain('<html lang="de">');
    expect(text).toContain(german.url);

    // Croatian is not one of its languages: the mail is in the guidebook's own.
    const other = await addStay(h, made, { guestName: 'Ena', guestEmail: 'ena@example.com', language: 'hr', ...times });
    expect((await h.call(`/api/instruction/${made._id}/stays/${other._id}/send`, { method: 'POST', json: {} })).status).toBe(200);
    const english = readableParts(await smtp.waitForMail((m) => m.envelopeTo.includes('ena@example.com')));
    expect(english).toContain('Hello Ena,');
    expect(english).toContain('Harbour Loft');
    expect(english).toContain('<html lang="en">');
  });

  it('deleting the guidebook stops its stays’ links at once; deleting it forever deletes the stays', async () => {
    const other = await guidebook(h, {});
    const stay = await addStay(h, other, { checkIn: utcLocal(-DAY), checkOut: utcLocal(DAY) });
    expect((await h.call(`/api/instruction/${other._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await server.request(`/stay/${stay.token}`)).status).toBe(404);
    // In the trash the stay is kept, so a restore brings its link back (docs/decisions/016-revisions-and-trash.md).
    expect(query(server, 'SELECT id FROM stays WHERE id = ?', stay._id)).toHaveLength(1);
    expect((await h.call(`/api/instruction/trash/${other._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(query(server, 'SELECT id FROM stays WHERE id = ?', stay._id)).toHaveLength(0);
  });
});

describe('secrets policy "stay"', () => {
  let h: Host;
  let g: Instruction;

  beforeAll(async () => {
    h = await host();
    g = await guidebook(h, { secretsPolicy: 'stay', revealHoursBefore: 24 });
  });

  it('the public link, its snapshot in every encoding and the preview API hold neither secret', async () => {
    const page = await server.request(`/instruction/${g.token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(messages.stays.sharedWithBooking);
    expect(html).toContain('Loft-Guest');
    expectNoSecrets(html, 'public page');
    // The Wi-Fi QR code carries the password: it is not on the page either.
    expect(html).not.toContain('aria-label="Wi-Fi QR code"');

    const preview = await (await server.request(`/api/instruction/preview/${g.token}`)).json();
    expectNoSecrets(JSON.stringify(preview), 'preview API');
    expect(preview).toMatchObject({ code: '', wifiPassword: '', secretsPin: '', gatedSecrets: { code: true, wifiPassword: true } });

    const refused = await secrets(g.token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await refused.json()).toEqual({ message: messages.stays.sharedWithBookingText, availableFrom: null, pinRequired: false });

    expect((await server.request(`/instruction/${g.token}`)).headers.get('x-snapshot')).toBe('hit');
    const encodings = storedNames(server, 'snapshots', g.token);
    expect(encodings.length).toBeGreaterThan(0);
    for (const encoding of encodings) {
      const text = storedSnapshotPage(server, g.token, encoding);
      expect(text, encoding).toContain('Harbour Loft');
      expectNoSecrets(text!, `stored ${encoding}`);
    }
  });

  it('the poster prints the network name but neither the password nor the QR code that carries it', async () => {
    const poster = await h.call(`/dashboard/poster/${g._id}`);
    expect(poster.status).toBe(200);
    const html = await poster.text();
    expect(html).toContain('Loft-Guest');
    expect(html).toContain('The password is in your guidebook.');
    expect(html).not.toContain('aria-label="Wi-Fi QR code"');
    expectNoSecrets(html, 'poster');
  });

  it('a stay link during the window shows the guest’s name and dates, and the island gets both secrets', async () => {
    const stay = await addStay(h, g, { guestName: 'Dana', checkIn: utcLocal(-DAY), checkOut: utcLocal(2 * DAY) });
    const page = await server.request(`/stay/${stay.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Welcome, Dana');
    expect(html).toContain('Harbour Loft');
    // Never a snapshot, and never the secrets themselves: the island asks for them.
    expectNoSecrets(html, 'stay page');
    expect(html).toContain('astro-island');

    const answer = await secrets(stay.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const body = (await answer.json()) as { code: string; wifiPassword: string; wifiQr: string; until: number };
    expect(body.code).toBe(CODE);
    expect(body.wifiPassword).toBe(PASSWORD);
    expect(body.wifiQr).toContain('<svg');
    expect(body.until).toBe(Date.parse(stay.checkOutAt));

    // The host sees that the code was viewed, when and how often.
    await secrets(stay.token);
    const list = (await (await h.call(`/api/instruction/${g._id}/stays?group=current`)).json()) as StaysPage;
    const seen = list.stays.find((s) => s._id === stay._id)!;
    expect(seen.reveals.count).toBe(2);
    expect(Date.parse(seen.reveals.first!)).toBeLessThanOrEqual(Date.parse(seen.reveals.last!));
    expect(seen.status).toBe('current');
  });

  it('before the window the page and the API say when it opens; after check-out nothing is shown', async () => {
    const early = await addStay(h, g, { checkIn: utcLocal(3 * DAY), checkOut: utcLocal(5 * DAY) });
    const refusal = await secrets(early.token);
    expect(refusal.status).toBe(403);
    const body = (await refusal.json()) as { message: string; availableFrom: string };
    expect(Date.parse(body.availableFrom)).toBe(Date.parse(early.checkInAt) - 24 * HOUR);
    expect(body.message).toMatch(/^Your door code and Wi-Fi password appear here from /);
    const html = await (await server.request(`/stay/${early.token}`)).text();
    expect(html).toContain('appear here from');
    expectNoSecrets(html, 'early stay page');

    const over = await addStay(h, g, { checkIn: utcLocal(-3 * DAY), checkOut: utcLocal(-HOUR) });
    const afterCheckOut = await secrets(over.token);
    expect(afterCheckOut.status).toBe(403);
    expect(await afterCheckOut.json()).toEqual({ message: messages.stays.stayOver, availableFrom: null, pinRequired: false });
    expect((await server.request(`/stay/${over.token}`)).status).toBe(200);
  });

  it('a German or French stay page writes its dates, and when the door code shows, in its own language', async () => {
    const times = { checkIn: '2030-08-01T15:00', checkOut: '2030-08-03T11:00' };
    const german = await addStay(h, g, { guestName: 'Dora', language: 'de', ...times });
    const html = await (await server.request(`/stay/${german.token}`)).text();
    expect(html).toMatch(/<html[^>]* lang="de"/);
    // The header's dates, the check-out section's, and the island's "from …" (the window opens 24 h before).
    expect(html).toContain('Do., 1. Aug., 15:00');
    expect(html).toContain('Sa., 3. Aug., 11:00');
    expect(html).toContain('Mi., 31. Juli, 15:00');
    expect(html).not.toMatch(ENGLISH_DATE);
    const french = await (await server.request(`/stay/${german.token}?lang=fr`)).text();
    expect(french).toContain('jeu. 1 août, 15:00');
    expect(french).toContain('sam. 3 août, 11:00');
    expect(french).not.toMatch(ENGLISH_DATE);
    // English keeps its own.
    expect(await (await server.request(`/stay/${german.token}?lang=en`)).text()).toContain('Thu 1 Aug, 15:00');
  });

  it('from three days after check-out the stay link answers 410 with no guidebook content', async () => {
    const ended = await addStay(h, g, { guestName: 'Eli', checkIn: utcLocal(-6 * DAY), checkOut: utcLocal(-3 * DAY - HOUR) });
    expect(ended.status).toBe('ended');
    const page = await server.request(`/stay/${ended.token}`);
    expect(page.status).toBe(410);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(messages.stays.ended);
    expect(html).not.toContain('Harbour Loft');
    expect(html).not.toContain('Eli');
    expect(html).not.toContain('Loft-Guest');
    expectNoSecrets(html, 'ended stay');
    const answer = await secrets(ended.token);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toEqual({ message: messages.stays.ended });
  });

  it('a publish renders the gated page again off the request path: the stored page has the new content and no secret', async () => {
    const saved = await h.call(`/api/instruction/${g._id}`);
    const current = (await saved.json()) as Instruction;
    const published = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...current, nameInstruction: 'Harbour Loft, renewed' } });
    expect(published.status).toBe(200);
    // However long a busy machine takes to render; a rebuild that never stores fails.
    const stored = () => ENCODINGS.map((encoding) => storedSnapshotPage(server, g.token, encoding));
    const pages = await until(stored, (each) => each.every((page) => page?.includes('Harbour Loft, renewed')), 'the rebuild storing the published page');
    ENCODINGS.forEach((encoding, i) => expectNoSecrets(pages[i] ?? '', `rebuilt ${encoding}`));
  });

  it('turning the policy on removes the old page at once: no guest is served the secrets after the save', async () => {
    const open = await guidebook(h, {});
    expect(await (await server.request(`/instruction/${open.token}`)).text()).toContain(PASSWORD);
    expect((await server.request(`/instruction/${open.token}`)).headers.get('x-snapshot')).toBe('hit');
    const saved = await h.call(`/api/instruction/${open._id}`, { method: 'PUT', json: { ...open, secretsPolicy: 'stay' } });
    expect(saved.status).toBe(200);
    const after = await (await server.request(`/instruction/${open.token}`)).text();
    expectNoSecrets(after, 'page right after the save');
    expect(after).toContain(messages.stays.sharedWithBooking);
  });
});

describe('secrets policy "pin"', () => {
  let h: Host;
  let g: Instruction;

  beforeAll(async () => {
    h = await host();
    g = await guidebook(h, { secretsPolicy: 'pin', secretsPin: PIN });
  });

  /** The secrets endpoint asked from another loopback address (per-address limits). */
  const secretsFrom = (address: string, token: string, pin: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(new URL(`/api/guest/${token}/secrets`, server.url), { localAddress: address, headers: { 'x-guest-pin': pin } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        })
        .on('error', reject);
    });

  it('a PIN is required to choose the policy, and a new PIN has at least 6 digits', async () => {
    const response = await h.call('/api/instruction', { json: { secretsPolicy: 'pin' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Choose a PIN (6 to 8 digits) for guests to type.' });
    const short = await h.call('/api/instruction', { json: { secretsPolicy: 'pin', secretsPin: '12' } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'The PIN must be 4 to 8 digits.' });
    for (const pin of ['1234', '12345']) {
      const fourOrFive = await h.call('/api/instruction', { json: { secretsPolicy: 'pin', secretsPin: pin } });
      expect(fourOrFive.status).toBe(400);
      expect(await fourOrFive.json()).toEqual({ message: 'A new PIN must be 6 to 8 digits.' });
      const changed = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...(await load(g)), secretsPin: pin } });
      expect(changed.status).toBe(400);
      expect(await changed.json()).toEqual({ message: 'A new PIN must be 6 to 8 digits.' });
    }
  });

  it('a 4-digit PIN from before keeps working, and saving the guidebook with it unchanged is allowed', async () => {
    const legacy = await guidebook(h, { secretsPolicy: 'pin', secretsPin: '735190' });
    // Stored before 6 digits were asked for: written behind the API's back, as an old row reads.
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...(await load(legacy)), secretsPin: '7351' }), legacy._id);
    expect((await secrets(legacy.token, '7351')).status).toBe(200);
    const saved = await h.call(`/api/instruction/${legacy._id}`, { method: 'PUT', json: { ...(await load(legacy)), nameInstruction: 'Renamed' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await secrets(legacy.token, '7351')).status).toBe(200);
  });

  it('the page asks for the PIN on the public link; a stay link never needs it', async () => {
    const html = await (await server.request(`/instruction/${g.token}`)).text();
    expect(html).toContain('PIN from your host');
    expectNoSecrets(html, 'pin page');
    expectNoSecrets(JSON.stringify(await (await server.request(`/api/instruction/preview/${g.token}`)).json()), 'pin preview');

    const none = await secrets(g.token);
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ message: messages.stays.pinRequired, availableFrom: null, pinRequired: true });
    const wrong = await secrets(g.token, '000000');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: messages.stays.pinWrong, availableFrom: null, pinRequired: true });
    const right = await secrets(g.token, PIN);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ code: CODE, wifiPassword: PASSWORD, until: null });

    // During the stay's window the stay link shows them with no PIN, as under "stay"; before it, it says when.
    const current = await addStay(h, g, { checkIn: utcLocal(-DAY), checkOut: utcLocal(2 * DAY) });
    const stayPage = await (await server.request(`/stay/${current.token}`)).text();
    expect(stayPage).not.toContain('PIN from your host');
    const open = await secrets(current.token);
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ code: CODE, wifiPassword: PASSWORD });
    const later = await addStay(h, g, { checkIn: utcLocal(5 * DAY), checkOut: utcLocal(7 * DAY) });
    const early = await secrets(later.token, PIN);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ pinRequired: false });
  });

  it('a stranger’s wrong PINs lock only the stranger: past 10 their tries answer 429, a guest elsewhere still gets in', async () => {
    const target = await guidebook(h, { secretsPolicy: 'pin', secretsPin: PIN });
    const stranger = '127.0.0.5';
    for (let i = 0; i < 10; i += 1) expect((await secretsFrom(stranger, target.token, `9900${String(i).padStart(2, '0')}`)).status).toBe(403);
    const limited = await secretsFrom(stranger, target.token, '111111');
    expect(limited.status).toBe(429);
    expect((JSON.parse(limited.body) as { message: string }).message).toMatch(/^Too many wrong PINs\. Please try again in \d+ minutes?\.$/);
    expect((await secretsFrom(stranger, target.token, PIN)).status).toBe(429);
    // The guest, from their own address, is not locked out by the stranger.
    expect((await secretsFrom('127.0.0.6', target.token, PIN)).status).toBe(200);
  });

  it('past 100 wrong PINs a day from anywhere, no PIN is checked on that link, the host is told by mail and in the editor, and a new PIN lets guests in again', async () => {
    const target = await guidebook(h, { secretsPolicy: 'pin', secretsPin: PIN, nameInstruction: 'Dune House' });
    // 99 wrong tries spread over many addresses already (written as the limiter keeps them).
    run(server, 'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 99, ?)', `pin:link:${target._id}`, Date.now() + DAY);
    expect((await load(target)).pinGuessingStoppedUntil).toBeNull();
    expect((await secretsFrom('127.0.0.7', target.token, '424242')).status).toBe(403);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(h.email) && m.subject === 'Someone is guessing the PIN of Dune House');
    expect(mail.text).toContain(`/dashboard/edit/${target._id}`);
    expect(mail.text).not.toContain(PIN);

    // Now even the right PIN, from a fresh address, is refused with words that say why.
    const stopped = await secretsFrom('127.0.0.8', target.token, PIN);
    expect(stopped.status).toBe(429);
    expect((JSON.parse(stopped.body) as { message: string }).message).toMatch(/^Too many wrong PINs were tried on this guidebook today, so PINs are not checked here for \d+ hours?\. Your host has been told/);
    const until = (await load(target)).pinGuessingStoppedUntil;
    expect(new Date(until!).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    // A stay link never needed the PIN and still opens.
    const current = await addStay(h, target, { checkIn: utcLocal(-DAY), checkOut: utcLocal(DAY) });
    expect((await secrets(current.token)).status).toBe(200);
    // One mail only, however many more tries follow.
    expect((await secretsFrom('127.0.0.9', target.token, '434343')).status).toBe(429);

    const fresh = '864209';
    const changed = await h.call(`/api/instruction/${target._id}`, { method: 'PUT', json: { ...(await load(target)), secretsPin: fresh } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { instruction: Instruction }).instruction.pinGuessingStoppedUntil).toBeNull();
    expect((await secretsFrom('127.0.0.8', target.token, fresh)).status).toBe(200);
    expect(query(server, "SELECT id FROM outbox WHERE to_address = ? AND subject LIKE 'Someone is guessing%'", h.email)).toHaveLength(1);
  });

  async function load(instruction: Instruction): Promise<Instruction> {
    const response = await h.call(`/api/instruction/${instruction._id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Instruction;
  }
});

describe('message your host', () => {
  /** The outbox's envelopes (kept after sending; the bodies are read as delivered, from `smtp`). */
  interface Mail {
    to_address: string;
    reply_to: string | null;
    subject: string;
  }
  const mailsTo = (address: string) => query<Mail>(server, 'SELECT to_address, reply_to, subject FROM outbox WHERE to_address = ? ORDER BY id', address);
  // From another loopback address per test, so the per-address limit of one test leaves the others alone.
  const send = async (token: string, body: unknown, from = '127.0.0.3') => {
    const raw = await requestFrom(server, from, `/api/guest/${token}/message`, body);
    return { status: raw.status, headers: raw.headers, json: () => JSON.parse(raw.body) as unknown, text: () => raw.body };
  };

  it('a guest’s note reaches the host by e-mail, Reply-To the guest, plain text, with the stay when sent from one', async () => {
    const h = await host();
    const g = await guidebook(h, { nameInstruction: 'Harbour Loft' });
    const response = await send(g.token, { name: 'Fran', email: 'fran@example.com', message: 'Where do we leave the keys?\n<b>Thanks</b>' });
    expect(response.status, response.text()).toBe(200);
    expect(response.json()).toEqual({ message: messages.stays.messageSent });
    expect(mailsTo(h.email)[0]).toMatchObject({ reply_to: 'fran@example.com', subject: 'Message from a guest of Harbour Loft: Fran' });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(h.email) && m.subject === 'Message from a guest of Harbour Loft: Fran');
    expect(mail.headers['reply-to']).toBe('fran@example.com');
    expect(mail.text).toContain('Where do we leave the keys?\n<b>Thanks</b>');
    expect(mail.text).toContain('Sent from the guidebook’s public link.');

    const stay = await addStay(h, g, { guestName: 'Gus', checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' });
    expect((await send(stay.token, { name: 'Gus', message: 'Arriving late.' })).status).toBe(200);
    expect(mailsTo(h.email)[1]?.reply_to).toBeNull();
    const fromStay = await smtp.waitForMail((m) => m.envelopeTo.includes(h.email) && m.text.includes('Arriving late.'));
    expect(fromStay.headers['reply-to']).toBeUndefined();
    expect(fromStay.text).toContain('Stay: Gus, Thu 4 Jul, 15:00 – Mon 8 Jul, 11:00');
  });

  it('refuses empty or oversized notes, dead links, and floods', async () => {
    const h = await host();
    const g = await guidebook(h);
    const bad = await send(g.token, { name: '', message: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ message: messages.contact.nameRequired });
    expect((await send(g.token, { name: 'A', message: 'x'.repeat(2001) })).status).toBe(400);
    expect((await send('no-such-link', { name: 'A', message: 'Hi' })).status).toBe(404);
    const ended = await addStay(h, g, { checkIn: utcLocal(-9 * DAY), checkOut: utcLocal(-5 * DAY) });
    expect((await send(ended.token, { name: 'A', message: 'Hi' })).status).toBe(410);
    expect(mailsTo(h.email)).toEqual([]);

    const from = '127.0.0.4';
    for (let i = 0; i < 5; i += 1) expect((await send(g.token, { name: 'A', message: `Note ${i}` }, from)).status).toBe(200);
    const limited = await send(g.token, { name: 'A', message: 'One more' }, from);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(mailsTo(h.email)).toHaveLength(5);
  });

  it('with a captcha configured, a public link needs it and a stay link does not', async () => {
    const turnstile = await startTurnstileStub('localhost');
    const guarded = await startServer({ TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret-key', TURNSTILE_VERIFY_URL: turnstile.url });
    try {
      const h = await host(guarded);
      const created = await h.call('/api/instruction', { json: { nameInstruction: 'Guarded' } });
      const g = ((await created.json()) as { instruction: Instruction }).instruction;
      turnstile.behaviour = 'fail';
      const refused = await guarded.request(`/api/guest/${g.token}/message`, { json: { name: 'A', message: 'Hi', turnstileToken: 'bad' } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: messages.auth.humanCheck });
      const stayResponse = await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' } });
      const stay = ((await stayResponse.json()) as { stay: Stay }).stay;
      expect((await guarded.request(`/api/guest/${stay.token}/message`, { json: { name: 'A', message: 'Hi' } })).status).toBe(200);
      // Bots failing the captcha from many addresses (5 tries each) spend none of the link's budget (30 a day)…
      for (let bot = 0; bot < 8; bot += 1) {
        for (let i = 0; i < 5; i += 1) {
          expect((await requestFrom(guarded, `127.0.1.${bot + 1}`, `/api/guest/${g.token}/message`, { name: 'Bot', message: 'Spam', turnstileToken: 'bad' })).status).toBe(400);
        }
      }
      turnstile.behaviour = 'pass';
      expect((await guarded.request(`/api/guest/${g.token}/message`, { json: { name: 'A', message: 'Hi', turnstileToken: 'good' } })).status).toBe(200);
      // …and a stay link has a budget of its own: a public link's full day leaves it writing.
      run(guarded, 'UPDATE rate_limits SET count = 30 WHERE key = ?', `guest-message:guidebook:${g._id}`);
      expect((await requestFrom(guarded, '127.0.2.1', `/api/guest/${g.token}/message`, { name: 'A', message: 'Hi', turnstileToken: 'good' })).status).toBe(429);
      expect((await requestFrom(guarded, '127.0.2.2', `/api/guest/${stay.token}/message`, { name: 'Guest', message: 'Arriving at 9' })).status).toBe(200);
      // The public page allows the captcha's host in its CSP; nothing loads from it until the form opens.
      const page = await guarded.request(`/instruction/${g.token}`);
      expect(page.headers.get('content-security-policy')).toContain('https://challenges.cloudflare.com');
    } finally {
      await guarded.stop();
      await turnstile.close();
    }
  });
});

describe('the guest APIs answer in the page’s language (Accept-Language, sent by the islands)', () => {
  /** The secrets and message APIs asked as the islands of a page in `language` ask them. */
  const secretsIn = (language: string, token: string, pin?: string) =>
    server.request(`/api/guest/${token}/secrets`, { headers: { 'accept-language': language, ...(pin === undefined ? {} : { 'x-guest-pin': pin }) } });
  const sendIn = async (language: string, token: string, body: unknown, from = '127.0.3.1') => {
    const raw = await requestFrom(server, from, `/api/guest/${token}/message`, body, { 'accept-language': language });
    return { status: raw.status, message: (JSON.parse(raw.body) as { message: string }).message };
  };

  it('German: the secrets’ refusals, a field error and the contact form’s "sent" are German', async () => {
    const h = await host();
    const pinned = await guidebook(h, { secretsPolicy: 'pin', secretsPin: PIN });
    const none = await secretsIn('de', pinned.token);
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ message: 'Geben Sie die PIN von Ihrem Gastgeber ein, um Türcode und WLAN-Passwort zu sehen.', availableFrom: null, pinRequired: true });
    expect(((await (await secretsIn('de-AT,de;q=0.9,en;q=0.5', pinned.token, '000000')).json()) as { message: string }).message).toBe(
      'Diese PIN stimmt nicht. Bitte prüfen Sie sie und versuchen Sie es erneut.',
    );
    // Before the stay's window: when it opens, in German words and the German date format.
    const g = await guidebook(h, { secretsPolicy: 'stay' });
    const early = await addStay(h, g, { checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' });
    expect(await (await secretsIn('de', early.token)).json()).toMatchObject({ message: 'Türcode und WLAN-Passwort sehen Sie hier ab Mi., 3. Juli, 15:00.' });
    expect((await (await secretsIn('de', 'no-such-link')).json()) as unknown).toEqual({ message: 'Dieser Link zur Gästemappe ist ungültig.' });

    expect(await sendIn('de', g.token, { name: '', message: 'Hallo' })).toEqual({ status: 400, message: 'Bitte geben Sie Ihren Namen ein.' });
    expect(await sendIn('de', g.token, { name: 'Jonas', message: 'x'.repeat(2001) })).toEqual({ status: 400, message: 'Ihre Nachricht darf höchstens 2000 Zeichen lang sein.' });
    expect(await sendIn('de', g.token, { name: 'Jonas', email: 'kein-mail', message: 'Hallo' })).toEqual({ status: 400, message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    expect(await sendIn('de', g.token, { name: 'Jonas', message: 'Wo ist der Schlüssel?' })).toEqual({ status: 200, message: 'Nachricht gesendet. Ihr Gastgeber erhält sie per E-Mail.' });
    // The mail the host reads stays in the host's words: only the guest's answers change.
    expect((await smtp.waitForMail((m) => m.envelopeTo.includes(h.email) && m.text.includes('Wo ist der Schlüssel?'))).subject).toBe('Message from a guest of Harbour Loft: Jonas');
  });

  it('a language without a dictionary (Japanese), or none at all, gets English', async () => {
    const h = await host();
    const g = await guidebook(h, { secretsPolicy: 'pin', secretsPin: PIN });
    expect(await (await secretsIn('ja', g.token)).json()).toEqual({ message: messages.stays.pinRequired, availableFrom: null, pinRequired: true });
    expect(await (await secretsIn('*', g.token)).json()).toMatchObject({ message: messages.stays.pinRequired });
    expect(await sendIn('ja', g.token, { name: '', message: 'こんにちは' }, '127.0.3.2')).toEqual({ status: 400, message: messages.contact.nameRequired });
    expect(await sendIn('ja-JP,ja;q=0.9', g.token, { name: 'Aiko', message: 'こんにちは' }, '127.0.3.2')).toEqual({ status: 200, message: messages.stays.messageSent });
    // The highest q-value wins, a dictionary or not.
    expect(await sendIn('fr;q=0.4, ja', g.token, { name: '', message: 'x' }, '127.0.3.2')).toEqual({ status: 400, message: messages.contact.nameRequired });
    expect(await sendIn('ja;q=0.4, fr', g.token, { name: '', message: 'x' }, '127.0.3.2')).toEqual({ status: 400, message: 'Veuillez saisir votre nom.' });
  });

  it('Polish and Czech say the wait with the right plural form: 2 minuty, 5 minut, 22 minuty; 2 minuty, 5 minut', async () => {
    const h = await host();
    const g = await guidebook(h);
    const from = '127.0.3.3';
    for (let i = 0; i < 5; i += 1) expect((await sendIn('pl', g.token, { name: 'Ola', message: `Wiadomość ${i}` }, from)).status).toBe(200);
    // The window ends in exactly so many minutes (less a few seconds, which round up).
    const limitedFor = async (language: string, minutes: number) => {
      run(server, 'UPDATE rate_limits SET reset_at = ? WHERE key = ?', Date.now() + minutes * 60_000 - 5_000, `guest-message:ip:${from}`);
      return sendIn(language, g.token, { name: 'Ola', message: 'Jeszcze jedna' }, from);
    };
    expect(await limitedFor('pl', 2)).toEqual({ status: 429, message: 'Zbyt wiele wiadomości. Prosimy spróbować ponownie za 2 minuty.' });
    expect(await limitedFor('pl', 5)).toEqual({ status: 429, message: 'Zbyt wiele wiadomości. Prosimy spróbować ponownie za 5 minut.' });
    expect(await limitedFor('pl', 22)).toEqual({ status: 429, message: 'Zbyt wiele wiadomości. Prosimy spróbować ponownie za 22 minuty.' });
    expect(await limitedFor('pl', 1)).toEqual({ status: 429, message: 'Zbyt wiele wiadomości. Prosimy spróbować ponownie za 1 minutę.' });
    expect(await limitedFor('cs', 2)).toEqual({ status: 429, message: 'Příliš mnoho zpráv. Zkuste to prosím znovu za 2 minuty.' });
    expect(await limitedFor('cs', 5)).toEqual({ status: 429, message: 'Příliš mnoho zpráv. Zkuste to prosím znovu za 5 minut.' });
    expect(await limitedFor('hr', 22)).toEqual({ status: 429, message: 'Previše poruka. Molimo pokušajte ponovno za 22 minute.' });
    expect(await limitedFor('en', 5)).toEqual({ status: 429, message: messages.stays.tooManyMessages(5) });
  });
});

describe('a stay link that cannot be loaded', () => {
  it('says so in the language asked for (?lang=), English without one', async () => {
    const h = await host();
    const g = await guidebook(h);
    const s = await addStay(h, g, { checkIn: utcLocal(-DAY), checkOut: utcLocal(DAY) });
    // A stored guidebook no reader can parse: the page's load fails on the server.
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', '{not json', g._id);
    const german = await server.request(`/stay/${s.token}?lang=de`);
    expect(german.status).toBe(500);
    const html = await german.text();
    expect(html).toMatch(/<html[^>]* lang="de"/);
    expect(html).toContain('Wir konnten diese Gästemappe nicht öffnen');
    expect(html).toContain('Fehler: 500');
    expect(html).not.toContain('Error: 500');
    const english = await (await server.request(`/stay/${s.token}`)).text();
    expect(english).toMatch(/<html[^>]* lang="en"/);
    expect(english).toContain('Error: 500');
  });
});
