import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, run } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { startBeds24StandIn, type Beds24Account, type Beds24BookingSeed, type Beds24StandIn } from './helpers/pms/beds24-standin.ts';
import { counts, day, everyRow, guidebook, staysOf, syncNow, ymd } from './helpers/pms/sync-calls.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Stays from Beds24 (docs/decisions/029-pms-connectors.md §2, §3, §5–§8, §12), over real HTTP on
 * SQLite or PostgreSQL (TEST_DATABASE_URL), against the Beds24, calendar and SMTP stand-ins: an
 * invite code connects (a bad one, or one without bookings-personal, stores nothing); room types
 * are mapped; a booking becomes a stay with the guest's details at "Sync now", moves, is
 * cancelled, takes over the iCal feed's stay of the same flat; the token kept sealed is renewed
 * once it expired and shared after; spent credits back the integration off; and no invite code,
 * refresh token or token is in a log line, an answer or a row in clear.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let beds24: Beds24StandIn;
let smtp: TestSmtpServer;
let feed: CalendarStandIn;
let server: TestServer;
let host: Host;
/** Every answer's body, searched for credentials at the end. */
const answers: string[] = [];
/** Guests' e-mails and phones the stand-in held: never in a log line. */
const guestDetails: string[] = [];

beforeAll(async () => {
  [beds24, smtp, feed] = await Promise.all([startBeds24StandIn(), startSmtpServer(), startCalendarStandIn()]);
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY, BEDS24_API_URL: beds24.url, ...feed.serverEnv, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' });
  host = await signedInHost(server, { freshTeam: true });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([beds24?.close(), smtp?.close(), feed?.close()]);
});

async function connect(who: Host, inviteCode: string): Promise<Response> {
  const response = await who.call('/api/team/integrations', { method: 'POST', json: { system: 'beds24', fields: { inviteCode } } });
  answers.push(await response.clone().text());
  return response;
}

function book(account: Beds24Account, seed: Omit<Beds24BookingSeed, 'modifiedTime'>): Beds24BookingSeed {
  for (const value of [seed.email, seed.mobile]) if (value) guestDetails.push(value);
  return beds24.setBooking(account, seed);
}

const row = (id: string) => query<{ state: string; last_error: string | null; backoff_until: number | null; last_attempt_at: number | null; access_ct: string | null; access_expires_at: number | null }>(server, 'SELECT state, last_error, backoff_until, last_attempt_at, access_ct, access_expires_at FROM pms_integrations WHERE id = ?', id)[0]!;

describe('Beds24 from its invite code to stays', () => {
  let account: Beds24Account;
  let id: string;
  let loft: Instruction;
  let cabin: Instruction;
  const feedPath = `/ical/beds24-cabin-${randomBytes(4).toString('hex')}.ics`;

  beforeAll(async () => {
    account = beds24.addAccount({
      properties: [
        { id: 501, name: 'Harbour House', roomTypes: [{ id: 11, name: 'Loft' }, { id: 12, name: 'Garden Room' }] },
        { id: 502, name: 'Cabin', roomTypes: [{ id: 21, name: 'Whole cabin' }] },
      ],
    });
    [loft, cabin] = [await guidebook(host, 'Harbour Loft'), await guidebook(host, 'Forest Cabin')];
  });

  it('a bad, used or narrow invite code: 422 with what to do, nothing stored; a good one: 201 with the account, its token sealed', async () => {
    const bad = await connect(host, 'not-a-code-anyone-made');
    expect([bad.status, await bad.json()]).toEqual([422, { message: messages.integrations.inviteRefused }]);
    const narrow = await connect(host, beds24.inviteCode(account, ['read:bookings', 'read:properties']));
    expect([narrow.status, await narrow.json()]).toEqual([422, { message: messages.integrations.scopeMissing('Beds24') }]);
    expect(query(server, 'SELECT id FROM pms_integrations WHERE team_id = ?', host.teamId)).toEqual([]);

    const code = beds24.inviteCode(account);
    const good = await connect(host, code);
    expect(good.status, await good.clone().text()).toBe(201);
    const { integration } = (await good.json()) as { integration: IntegrationView };
    expect(integration).toMatchObject({ system: 'beds24', label: 'Beds24', accountRef: String(account.ownerId), state: 'active' });
    id = integration.id;
    expect(row(id).access_expires_at).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const used = await connect(await signedInHost(server, { freshTeam: true }), code);
    expect([used.status, await used.json()]).toEqual([422, { message: messages.integrations.inviteRefused }]);
    const list = (await (await host.call('/api/team/integrations')).json()) as { systems: Array<{ system: string; fields: Array<{ name: string; secret: boolean; where: string }> }> };
    expect(list.systems.find((s) => s.system === 'beds24')).toMatchObject({ fields: [{ name: 'inviteCode', secret: true, where: expect.stringContaining('Settings → Marketplace → API') }] });
  });

  it('room types are the properties to map; the cabin’s feed already made its stay', async () => {
    feed.serve(feedPath, { body: ics([{ uid: 'cabin@airbnb.com', start: ymd(20), end: ymd(23), summary: 'Reserved' }]) });
    const saved = await host.call(`/api/instruction/${cabin._id}/calendar`, { method: 'PUT', json: { url: feed.url(feedPath) } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${id}/units`);
    expect(units.map((u) => [u.externalId, u.name])).toEqual([
      ['502/21', 'Cabin'],
      ['501/12', 'Harbour House · Garden Room'],
      ['501/11', 'Harbour House · Loft'],
    ]);
    const unit = (externalId: string) => units.find((u) => u.externalId === externalId)!.id;
    const mapping = [
      { id: unit('501/11'), guidebookId: loft._id, skipped: false },
      { id: unit('501/12'), guidebookId: null, skipped: true },
      { id: unit('502/21'), guidebookId: cabin._id, skipped: false },
    ];
    await host.json(`/api/team/integrations/${id}/units`, { method: 'PUT', json: { units: mapping } });
  });

  it('Sync now: a new booking is a stay with the guest’s name, e-mail, language and channel; the feed’s stay is taken over, not doubled', async () => {
    const minted = beds24.minted(account);
    book(account, { id: 7001, propertyId: 501, roomId: 11, arrival: day(10), departure: day(13), firstName: 'Ana', lastName: 'Novak', email: 'ana.novak@example.com', mobile: '+385 91 555 0101', lang: 'de', numAdult: 2, numChild: 1, channel: 'booking', extra: { address: 'Ilica 1, Zagreb', price: 420 } });
    book(account, { id: 7002, propertyId: 501, roomId: 12, arrival: day(10), departure: day(12), lastName: 'Skipped Guest' });
    book(account, { id: 7003, propertyId: 502, roomId: 21, arrival: day(20), departure: day(23), firstName: 'Bo', lastName: 'Lind', email: 'bo.lind@example.com', channel: 'airbnb' });
    expect(await syncNow(host, id)).toEqual({ ...counts({ added: 1, takenOver: 1 }), message: '1 stay added, 1 taken over from the calendar' });
    const [ana, ...others] = await staysOf(host, loft);
    expect(others).toEqual([]);
    expect(ana).toMatchObject({ guestName: 'Ana Novak', guestEmail: 'ana.novak@example.com', guestPhone: '+385 91 555 0101', language: 'de', guestCount: 3, channel: 'booking', pms: { system: 'beds24', label: 'Beds24' }, checkIn: `${day(10)}T15:00`, checkOut: `${day(13)}T11:00` });
    const cabinStays = await staysOf(host, cabin);
    expect(cabinStays.map((s) => [s.source, s.guestName, s.channel, s.pms?.label])).toEqual([['calendar', 'Bo Lind', 'airbnb', 'Beds24']]);
    expect(query(server, "SELECT id FROM stays WHERE guest_name = 'Skipped Guest'")).toEqual([]);
    expect(JSON.stringify(query(server, 'SELECT * FROM stays WHERE id = ?', ana!._id))).not.toContain('Ilica');
    // The token the connect was checked with did the reading: nothing minted.
    expect(beds24.minted(account)).toBe(minted);
    // Every read asked for every status, cancelled included.
    expect(beds24.requests.filter((r) => r.path === '/bookings').at(-1)!.query.getAll('status')).toContain('cancelled');
  });

  it('a move moves the stay (same link); a cancellation removes it and the link answers 404', async () => {
    const [stay] = await staysOf(host, loft);
    const booking = account.bookings.find((b) => b.id === 7001)!;
    book(account, { ...booking, arrival: day(15), departure: day(18) });
    expect(await syncNow(host, id)).toEqual({ ...counts({ moved: 1 }), message: '1 moved' });
    expect((await staysOf(host, loft))[0]).toMatchObject({ _id: stay!._id, token: stay!.token, checkIn: `${day(15)}T15:00`, checkOut: `${day(18)}T11:00` });
    book(account, { ...booking, arrival: day(15), departure: day(18), status: 'cancelled' });
    expect(await syncNow(host, id)).toEqual({ ...counts({ removed: 1 }), message: '1 removed' });
    expect(await staysOf(host, loft)).toEqual([]);
    expect((await server.request(`/stay/${stay!.token}`)).status).toBe(404);
  });

  it('an expired token is renewed once, sealed, and shared by the next sync', async () => {
    // "Sync now" is 6 an hour per connection; this test and the next need 5 more.
    run(server, "DELETE FROM rate_limits WHERE key LIKE 'integration-sync%'");
    const before = { minted: beds24.minted(account), sealed: row(id).access_ct };
    beds24.expireTokens(account);
    book(account, { id: 7004, propertyId: 501, roomId: 11, arrival: day(30), departure: day(32), lastName: 'Late', lang: 'fr-CA', channel: 'vrbo' });
    expect((await syncNow(host, id)).added).toBe(1);
    expect(beds24.minted(account)).toBe(before.minted + 1);
    expect(row(id).access_ct).not.toBe(before.sealed);
    expect(await syncNow(host, id)).toEqual({ ...counts(), message: 'Nothing changed' });
    expect(beds24.minted(account)).toBe(before.minted + 1);
  });

  it('credits spent: "Beds24 asks us to slow down", backed off until the window resets; the next turn reads', async () => {
    account.credits = { remaining: 0, resetsIn: 240 };
    const refused = await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} });
    expect([refused.status, await refused.json()]).toEqual([502, { message: messages.integrations.rateLimited('Beds24') }]);
    const backedOff = row(id);
    expect(backedOff.last_error).toBe(messages.integrations.rateLimited('Beds24'));
    expect(Math.round((backedOff.backoff_until! - backedOff.last_attempt_at!) / 1000)).toBe(240);
    account.credits = { remaining: 100, resetsIn: 300 };
    expect((await syncNow(host, id)).message).toBe('Nothing changed');
    expect(row(id)).toMatchObject({ last_error: null, backoff_until: null });
  });

  it('a refresh token Beds24 no longer takes: reconnect, and reads stop', async () => {
    beds24.revokeRefreshTokens(account);
    beds24.expireTokens(account);
    const refused = await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} });
    expect([refused.status, await refused.json()]).toEqual([409, { message: messages.integrations.reconnectFirst('Beds24') }]);
    expect(row(id).state).toBe('reconnect');
    const asked = beds24.requests.length;
    expect((await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} })).status).toBe(409);
    expect(beds24.requests.length).toBe(asked);
  });
});

describe('the credentials stay secret', () => {
  it('no invite code, refresh token or token in a log line, an answer or a row; no guest e-mail or phone in the log', () => {
    expect(beds24.issued.length).toBeGreaterThan(6);
    const logs = server.logs.join('\n');
    expect(logs).toContain('pms: synced');
    const rows = everyRow(server);
    for (const secret of beds24.issued) {
      expect(logs).not.toContain(secret);
      expect(rows).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    for (const detail of guestDetails) expect(logs).not.toContain(detail);
  });
});
