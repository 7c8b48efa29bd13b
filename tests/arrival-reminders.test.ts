import { beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../src/lib/shared/insights.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { formatStayTime, instantToLocal } from '../src/lib/shared/time-zone.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { query, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * The reminder before arrival (docs/product/insights.md), over real HTTP and a real SMTP server, on
 * SQLite or PostgreSQL (npm run test:pg). The periodic job takes a turn as a server starts; the
 * clock is given by the stays' own times (a check-in 20 hours from now is due under a 24-hour
 * reminder, one 30 hours away is not), never slept through.
 */
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ NODE_ENV: 'test' }, (started) => ({ server, smtp } = started));

const CODE = '4821';
const PASSWORD = 'sunny-days-42';
const PIN = '258014';
const ZONE = 'Europe/Zagreb';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let h: SignedInHost;

beforeAll(async () => {
  h = await signedInHost(server, 'gold');
});

async function guidebook(body: Record<string, unknown>): Promise<Instruction> {
  const created = await h.call('/api/instruction', {
    json: { nameInstruction: 'Harbour Loft', hostName: 'Marta', code: CODE, wifiName: 'Loft-Guest', wifiPassword: PASSWORD, secretsPolicy: 'pin', secretsPin: PIN, timeZone: ZONE, ...body },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

async function save(g: Instruction, change: Partial<Instruction>): Promise<Response> {
  return h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, ...change } });
}

/** A stay checking in `inMs` from now (to the minute, as the host types it) for two nights. */
async function addStay(g: Instruction, inMs: number, body: Record<string, unknown> = {}): Promise<Stay> {
  const checkIn = Date.now() + inMs;
  // The fixtures share one guidebook and its dates: added as the host's "Add anyway".
  const response = await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: instantToLocal(checkIn, ZONE), checkOut: instantToLocal(checkIn + 2 * DAY, ZONE), allowOverlap: true, ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

const outboxTo = (to: string) => query<{ subject: string }>(server, 'SELECT subject FROM outbox WHERE to_address = ?', to);

async function staysOf(g: Instruction): Promise<Stay[]> {
  const all: Stay[] = [];
  for (const group of ['current', 'upcoming', 'past']) {
    const response = await h.call(`/api/instruction/${g._id}/stays?group=${group}&limit=100`);
    expect(response.status).toBe(200);
    all.push(...((await response.json()) as StaysPage).stays);
  }
  return all;
}

describe('the reminder setting', () => {
  it('is off by default, 24 hours before, and keeps to 2–168 hours', async () => {
    const g = await guidebook({});
    expect(g.arrivalReminder).toEqual({ enabled: false, hoursBefore: 24 });
    for (const [hoursBefore, message] of [
      [1, 'The reminder goes at least 2 hours before check-in.'],
      [169, 'The reminder goes at most 168 hours (a week) before check-in.'],
      [2.5, 'Hours before check-in must be a whole number.'],
    ] as const) {
      const refused = await save(g, { arrivalReminder: { enabled: true, hoursBefore } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
    const saved = await save(g, { arrivalReminder: { enabled: true, hoursBefore: 48 } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { instruction: Instruction }).instruction.arrivalReminder).toEqual({ enabled: true, hoursBefore: 48 });
  });
});

describe('the reminder before arrival', () => {
  it('goes once, at its time, only to guests who have not opened their link, even with two servers on the database', { timeout: 90_000 }, async () => {
    const started = Date.now();
    const on = await guidebook({ arrivalReminder: { enabled: true, hoursBefore: 24 } });
    const translated = await save(on, { translations: { de: { nameInstruction: { text: 'Hafenloft', source: sourceHash('Harbour Loft') } } } });
    expect(translated.status).toBe(200);
    const off = await guidebook({ nameInstruction: 'Quiet Barn' });
    const trashed = await guidebook({ nameInstruction: 'Old Mill', arrivalReminder: { enabled: true, hoursBefore: 24 } });

    const due = await addStay(on, 20 * HOUR, { guestName: 'Cleo', guestEmail: 'cleo.due@example.com' });
    const german = await addStay(on, 10 * HOUR, { guestName: 'Dora', guestEmail: 'dora.due@example.com', language: 'de' });
    const early = await addStay(on, 30 * HOUR, { guestName: 'Eli', guestEmail: 'eli.early@example.com' });
    const opened = await addStay(on, 20 * HOUR, { guestName: 'Finn', guestEmail: 'finn.opened@example.com' });
    await addStay(on, 20 * HOUR, { guestName: 'Gia' });
    await addStay(on, -2 * HOUR, { guestName: 'Hal', guestEmail: 'hal.arrived@example.com' });
    await addStay(on, -5 * DAY, { guestName: 'Ida', guestEmail: 'ida.ended@example.com' });
    const deleted = await addStay(on, 20 * HOUR, { guestName: 'Jon', guestEmail: 'jon.deleted@example.com' });
    await addStay(off, 20 * HOUR, { guestName: 'Kai', guestEmail: 'kai.off@example.com' });
    await addStay(trashed, 20 * HOUR, { guestName: 'Lea', guestEmail: 'lea.trash@example.com' });

    // Finn opened his link (counted in memory, written within seconds); Jon's stay was deleted; the Old Mill is in the trash.
    expect((await server.request(`/stay/${opened.token}`, { headers: { 'user-agent': PHONE } })).status).toBe(200);
    await expect.poll(() => query<{ first_opened_at: number | null }>(server, 'SELECT first_opened_at FROM stays WHERE id = ?', opened._id)[0]?.first_opened_at).not.toBeNull();
    expect((await h.call(`/api/instruction/${on._id}/stays/${deleted._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await h.call(`/api/instruction/${trashed._id}`, { method: 'DELETE' })).status).toBe(200);

    // Two more servers on the same database: each takes a turn as it starts, at the same moment.
    const env = { NODE_ENV: 'test', SMTP_URL: smtp.url, DATA_DIR: server.dataDir };
    const others = await Promise.all([startServer(env), startServer(env)]);
    await Promise.all([smtp.waitForMail((m) => m.envelopeTo.includes('cleo.due@example.com')), smtp.waitForMail((m) => m.envelopeTo.includes('dora.due@example.com'))]);
    // Stopping waits for a turn still running: whatever either server was going to queue is queued.
    await Promise.all(others.map((other) => other.stop()));

    expect(outboxTo('cleo.due@example.com')).toEqual([{ subject: 'Before you arrive: your guidebook for Harbour Loft' }]);
    expect(outboxTo('dora.due@example.com')).toEqual([{ subject: 'Vor Ihrer Anreise: Ihre Gästemappe für Hafenloft' }]);
    for (const none of ['eli.early', 'finn.opened', 'hal.arrived', 'ida.ended', 'jon.deleted', 'kai.off', 'lea.trash']) {
      expect(outboxTo(`${none}@example.com`), none).toEqual([]);
    }
    expect(query<{ count: number }>(server, "SELECT COUNT(*) AS count FROM stays WHERE guest_name = 'Gia' AND reminder_sent_at IS NULL")[0]?.count).toBe(1);

    const text = readableParts(smtp.mails.find((m) => m.envelopeTo.includes('cleo.due@example.com'))!);
    expect(text).toContain('Hello Cleo,');
    expect(text).toContain('Marta sends you the guidebook for Harbour Loft again before you arrive');
    expect(text).toContain(`Check-in: ${formatStayTime(Date.parse(due.checkInAt), ZONE, 'en-GB')}`);
    // Each test server has its own APP_URL (its port); in production they share one.
    expect(text).toContain(`/stay/${due.token}`);
    for (const secret of [CODE, PASSWORD, PIN]) expect(text).not.toContain(secret);
    const germanText = readableParts(smtp.mails.find((m) => m.envelopeTo.includes('dora.due@example.com'))!);
    expect(germanText).toContain('Guten Tag Dora,');
    expect(germanText).toContain('<html lang="de">');
    expect(germanText).toContain(`Anreise: ${formatStayTime(Date.parse(german.checkInAt), ZONE, 'de-DE')}`);
    expect(germanText).toContain(`/stay/${german.token}`);

    // The host sees when it went: on the stay and in Insights.
    const stays = await staysOf(on);
    const sentAt = stays.find((stay) => stay._id === due._id)!.reminderSentAt;
    expect(Date.parse(sentAt!)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(sentAt!)).toBeLessThanOrEqual(Date.now());
    expect(stays.find((stay) => stay._id === early._id)!.reminderSentAt).toBeNull();
    expect(stays.find((stay) => stay._id === opened._id)!.reminderSentAt).toBeNull();
    const insights = await h.call(`/api/instruction/${on._id}/insights`);
    expect(insights.status).toBe(200);
    const listed = ((await insights.json()) as Insights).stays;
    expect(listed.find((stay) => stay._id === due._id)?.reminderSentAt).toBe(sentAt);

    // Eli's check-in comes within 24 hours (the host moved it): the next turn sends his, and no second one to anyone.
    const moved = await h.call(`/api/instruction/${on._id}/stays/${early._id}`, {
      method: 'PATCH',
      json: { checkIn: instantToLocal(Date.now() + 23 * HOUR, ZONE), checkOut: instantToLocal(Date.now() + 3 * DAY, ZONE), allowOverlap: true },
    });
    expect(moved.status).toBe(200);
    const next = await startServer(env);
    try {
      await smtp.waitForMail((m) => m.envelopeTo.includes('eli.early@example.com'));
    } finally {
      await next.stop();
    }
    expect(outboxTo('eli.early@example.com')).toHaveLength(1);
    expect(outboxTo('cleo.due@example.com')).toHaveLength(1);
    expect(outboxTo('dora.due@example.com')).toHaveLength(1);
  });
});
