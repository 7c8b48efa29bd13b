import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { query, run, setUserPlan } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { startSmoobuStandIn, type SmoobuAccount, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Guest mails of a booking system's stays (docs/decisions/029-pms-connectors.md §9), over real
 * HTTP on SQLite or PostgreSQL (TEST_DATABASE_URL), with the Smoobu and SMTP stand-ins: the stay
 * link `daysBefore` check-in, after the sync that brought the booking and by the "guest mails
 * before arrival" job (a turn as a server starts), once with three servers on one database, in the
 * guest's language, within the mail budget, never with a secret; none for stays by hand, opened
 * links, a guidebook with the mail off or in the trash; the reminder 12 hours or more after it.
 * The clock is the stays' own times, never slept through.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
const CODE = '4821';
const PASSWORD = 'sunny-days-42';
const PIN = '258014';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let smoobu: SmoobuStandIn;
let smtp: TestSmtpServer;
let server: TestServer;
let env: Record<string, string>;
let host: Host;

beforeAll(async () => {
  [smoobu, smtp] = await Promise.all([startSmoobuStandIn(), startSmtpServer()]);
  env = { NODE_ENV: 'test', SECRETS_KEY, SMOOBU_API_URL: smoobu.url, SMTP_URL: smtp.url };
  server = await startServer(env);
  host = await signedInHost(server, { freshTeam: true });
  setUserPlan(server, host.id, 'gold');
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([smoobu?.close(), smtp?.close()]);
});

/** Arrival and check-in time `inMs` from now, in UTC (the guidebooks' zone), as Smoobu gives them. */
function arrivingIn(inMs: number): { arrival: string; departure: string; checkIn: string } {
  const at = new Date(Date.now() + inMs).toISOString();
  return { arrival: at.slice(0, 10), departure: new Date(Date.now() + inMs + 2 * DAY).toISOString().slice(0, 10), checkIn: at.slice(11, 16) };
}

async function guidebook(name: string, body: Record<string, unknown> = {}): Promise<Instruction> {
  const { instruction } = await host.json<{ instruction: Instruction }>('/api/instruction', {
    json: { nameInstruction: name, hostName: 'Marta', code: CODE, wifiName: 'Loft-Guest', wifiPassword: PASSWORD, secretsPolicy: 'pin', secretsPin: PIN, timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '11:00', ...body },
  });
  return instruction;
}

async function save(g: Instruction, change: Partial<Instruction>): Promise<Response> {
  return host.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, ...change } });
}

async function connect(map: Record<number, Instruction>): Promise<{ account: SmoobuAccount; id: string }> {
  const account = smoobu.addAccount({ apartments: Object.keys(map).map((id) => ({ id: Number(id), name: `Apartment ${id}` })) });
  const { integration } = await host.json<{ integration: IntegrationView }>('/api/team/integrations', { method: 'POST', json: { system: 'smoobu', fields: { apiKey: account.apiKey, apiSecret: account.apiSecret } } });
  const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
  const mapping = units.map((unit) => ({ id: unit.id, guidebookId: map[Number(unit.externalId)]!._id, skipped: false }));
  await host.json(`/api/team/integrations/${integration.id}/units`, { method: 'PUT', json: { units: mapping } });
  return { account, id: integration.id };
}

const outboxTo = (to: string) => query<{ subject: string }>(server, 'SELECT subject FROM outbox WHERE to_address = ? ORDER BY id', to);
const stayOf = (email: string) => query<{ id: string; token: string; link_mailed_at: number | null; reminder_sent_at: number | null }>(server, 'SELECT id, token, link_mailed_at, reminder_sent_at FROM stays WHERE guest_email = ?', email);

async function pageOf(g: Instruction): Promise<StaysPage> {
  return host.json<StaysPage>(`/api/instruction/${g._id}/stays?group=upcoming&limit=100`);
}

describe('the setting', () => {
  it('is on, 3 days before, with the reminder, also for a guidebook stored before it; keeps to 1–14 days', async () => {
    const g = await guidebook('Setting Loft');
    expect(g.pmsGuestMail).toEqual({ link: true, daysBefore: 3, reminder: true });
    const stored = JSON.parse(query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', g._id)[0]!.data) as Record<string, unknown>;
    delete stored.pmsGuestMail;
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify(stored), g._id);
    const read = await host.json<Instruction>(`/api/instruction/${g._id}`);
    expect(read.pmsGuestMail).toEqual({ link: true, daysBefore: 3, reminder: true });
    for (const [daysBefore, message] of [
      [0, 'The stay link goes at least 1 day before check-in.'],
      [15, 'The stay link goes at most 14 days before check-in.'],
      [1.5, 'Days before check-in must be a whole number.'],
    ] as const) {
      const refused = await save(read, { pmsGuestMail: { link: true, daysBefore, reminder: true } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
    const saved = await save(read, { pmsGuestMail: { link: false, daysBefore: 7, reminder: false } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { instruction: Instruction }).instruction.pmsGuestMail).toEqual({ link: false, daysBefore: 7, reminder: false });
  });
});

describe('the stay link by mail, before arrival', () => {
  it('goes after the sync, in the guest’s language, within the budget, never with a secret; none for stays by hand or too far ahead', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const loft = await guidebook('Harbour Loft');
    expect((await save(loft, { translations: { de: { nameInstruction: { text: 'Hafenloft', source: sourceHash('Harbour Loft') } } } })).status).toBe(200);
    const shed = await guidebook('Shut Shed');
    expect((await save(shed, { pmsGuestMail: { link: false, daysBefore: 3, reminder: false } })).status).toBe(200);
    const { account, id } = await connect({ 41: loft, 42: shed });
    // The Stays view knows the guidebook is mapped (it shows the setting then).
    expect((await pageOf(loft)).pms).toEqual({ system: 'smoobu', label: 'Smoobu' });
    expect((await pageOf(await guidebook('Unmapped'))).pms).toBeNull();

    const guest = (bookingId: number, apartmentId: number, email: string, inMs: number, more: Record<string, unknown> = {}) =>
      smoobu.setBooking(account, { id: bookingId, apartmentId, ...arrivingIn(inMs), guestName: email.split('@')[0]!, email, ...more });
    guest(601, 41, 'greta.de@example.com', 2 * DAY, { guestName: 'Greta Berger', language: 'de' });
    guest(602, 41, 'emma.en@example.com', 2 * DAY + 3 * HOUR, { guestName: 'Emma Hill', language: 'en' });
    guest(603, 41, 'far.ahead@example.com', 5 * DAY);
    guest(604, 42, 'shed.off@example.com', 2 * DAY);
    guest(605, 42, 'shed.reminder.off@example.com', 20 * HOUR);
    guest(609, 41, 'booked.late@example.com', 10 * HOUR);
    for (let n = 0; n < 6; n += 1) guest(620 + n, 41, 'same.guest@example.com', 2 * DAY + n * HOUR);
    // A stay by hand with an address, in the window: not the booking system's mail.
    const hand = await host.call(`/api/instruction/${loft._id}/stays`, { json: { guestName: 'Hand', guestEmail: 'by.hand@example.com', checkIn: arrivingIn(2 * DAY).arrival, checkOut: arrivingIn(4 * DAY).arrival, allowOverlap: true } });
    expect(hand.status, await hand.clone().text()).toBe(201);

    expect((await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} })).status).toBe(200);
    await Promise.all(['greta.de', 'emma.en', 'booked.late'].map((to) => smtp.waitForMail((m) => m.envelopeTo.includes(`${to}@example.com`))));
    expect(outboxTo('greta.de@example.com')).toEqual([{ subject: 'Ihre Gästemappe für Hafenloft' }]);
    expect(outboxTo('emma.en@example.com')).toEqual([{ subject: 'Your guidebook for Harbour Loft' }]);
    expect(outboxTo('booked.late@example.com')).toEqual([{ subject: 'Your guidebook for Harbour Loft' }]);
    // Six stays of one address: five mails a day to it, the sixth waits with its claim given back.
    expect(outboxTo('same.guest@example.com')).toHaveLength(5);
    expect(stayOf('same.guest@example.com').filter((stay) => stay.link_mailed_at === null)).toHaveLength(1);

    const german = readableParts(smtp.mails.find((m) => m.envelopeTo.includes('greta.de@example.com'))!);
    expect(german).toContain('Guten Tag Greta Berger,');
    expect(german).toContain('<html lang="de">');
    expect(german).toContain(`/stay/${stayOf('greta.de@example.com')[0]!.token}`);
    for (const mail of smtp.mails) for (const secret of [CODE, PASSWORD, PIN]) expect(readableParts(mail)).not.toContain(secret);
    // The host sees when it went, on the stay.
    const mailed = (await pageOf(loft)).stays.find((stay: Stay) => stay.guestEmail === 'greta.de@example.com')!;
    expect(Date.parse(mailed.linkMailedAt!)).toBeGreaterThanOrEqual(started);

    // The job's turn on three servers at once: nothing again, and the reminder not within 12 hours of the link.
    const same = { ...env, DATA_DIR: server.dataDir };
    await Promise.all((await Promise.all([startServer(same), startServer(same)])).map((other) => other.stop()));
    for (const to of ['greta.de', 'emma.en', 'booked.late']) expect(outboxTo(`${to}@example.com`), to).toHaveLength(1);
    expect(stayOf('booked.late@example.com')[0]).toMatchObject({ reminder_sent_at: null });
    for (const none of ['far.ahead', 'shed.off', 'shed.reminder.off', 'by.hand']) expect(outboxTo(`${none}@example.com`), none).toEqual([]);
  });

  it('by the job, once with three servers; not to a guest who opened it or of a guidebook in the trash; the reminder 12 hours after', { timeout: 120_000 }, async () => {
    // Another team (one Smoobu account a team). The mails are off while Smoobu's bookings arrive, and turned on before the job's turn.
    host = await signedInHost(server, { freshTeam: true });
    setUserPlan(server, host.id, 'gold');
    const barn = await guidebook('Quiet Barn', { pmsGuestMail: { link: false, daysBefore: 3, reminder: false } });
    const mill = await guidebook('Old Mill', { pmsGuestMail: { link: false, daysBefore: 3, reminder: false } });
    const { account, id } = await connect({ 51: barn, 52: mill });
    const guest = (bookingId: number, apartmentId: number, email: string, inMs: number) => smoobu.setBooking(account, { id: bookingId, apartmentId, ...arrivingIn(inMs), guestName: email.split('@')[0]!, email });
    guest(701, 51, 'switched.on@example.com', 2 * DAY);
    guest(702, 51, 'opened.it@example.com', 2 * DAY);
    guest(703, 51, 'mailed.long.ago@example.com', 20 * HOUR);
    guest(704, 51, 'mailed.lately@example.com', 20 * HOUR);
    guest(705, 52, 'mill.trash@example.com', 2 * DAY);
    expect((await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} })).status).toBe(200);

    const opened = stayOf('opened.it@example.com')[0]!;
    expect((await server.request(`/stay/${opened.token}`, { headers: { 'user-agent': PHONE } })).status).toBe(200);
    await expect.poll(() => query<{ first_opened_at: number | null }>(server, 'SELECT first_opened_at FROM stays WHERE id = ?', opened.id)[0]?.first_opened_at).not.toBeNull();
    // As a turn before would have: one link went 13 hours ago, one an hour ago.
    run(server, 'UPDATE stays SET link_mailed_at = ? WHERE guest_email = ?', Date.now() - 13 * HOUR, 'mailed.long.ago@example.com');
    run(server, 'UPDATE stays SET link_mailed_at = ? WHERE guest_email = ?', Date.now() - HOUR, 'mailed.lately@example.com');
    for (const g of [barn, mill]) expect((await save(g, { pmsGuestMail: { link: true, daysBefore: 3, reminder: true } })).status).toBe(200);
    expect((await host.call(`/api/instruction/${mill._id}`, { method: 'DELETE' })).status).toBe(200);

    const same = { ...env, DATA_DIR: server.dataDir };
    const others = await Promise.all([startServer(same), startServer(same)]);
    await Promise.all(['switched.on', 'mailed.long.ago'].map((to) => smtp.waitForMail((m) => m.envelopeTo.includes(`${to}@example.com`))));
    await Promise.all(others.map((other) => other.stop()));
    expect(outboxTo('switched.on@example.com')).toEqual([{ subject: 'Your guidebook for Quiet Barn' }]);
    expect(outboxTo('mailed.long.ago@example.com')).toEqual([{ subject: 'Before you arrive: your guidebook for Quiet Barn' }]);
    for (const none of ['opened.it', 'mailed.lately', 'mill.trash']) expect(outboxTo(`${none}@example.com`), none).toEqual([]);

    const next = await startServer(same);
    await next.stop();
    for (const to of ['switched.on', 'mailed.long.ago']) expect(outboxTo(`${to}@example.com`), to).toHaveLength(1);
  });
});
