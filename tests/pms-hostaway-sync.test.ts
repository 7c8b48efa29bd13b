import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRingOf, openSecret } from '../src/lib/server/platform/secret-box.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, run } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { HOSTAWAY_LEAKS, startHostawayStandIn, type HostawayAccount, type HostawayReservationSeed, type HostawayStandIn } from './helpers/pms/hostaway-standin.ts';
import { counts, day, everyRow, guidebook, staysOf, syncNow, ymd } from './helpers/pms/sync-calls.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Stays from Hostaway (docs/decisions/029-pms-connectors.md §2, §3, §5–§8, §12), over real HTTP on
 * SQLite or PostgreSQL (TEST_DATABASE_URL), against the Hostaway, calendar and SMTP stand-ins:
 * connecting with a good and a bad pair, the token sealed in the `access` slot and renewed after
 * 12 of its 24 months, a refused token replaced once and a revoked key turning the integration
 * `reconnect`; listings mapped; "Sync now" making a stay with the guest's details, moving it,
 * removing it; the calendar's stay of the same booking taken over; the token revoked on
 * disconnect; and no credential, token, door code or card digits in a log, an answer or a row.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
const ring = keyRingOf({ current: Buffer.from(SECRETS_KEY, 'base64'), previous: undefined });
const MONTH = 30 * 86_400_000;
let hostaway: HostawayStandIn;
let smtp: TestSmtpServer;
let feed: CalendarStandIn;
let server: TestServer;
/** Every answer's body, and every credential and guest detail the stand-in held, searched at the end. */
const answers: string[] = [];
const credentials: string[] = [];
const guestDetails: string[] = [];

beforeAll(async () => {
  [hostaway, smtp, feed] = await Promise.all([startHostawayStandIn(), startSmtpServer(), startCalendarStandIn()]);
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY, HOSTAWAY_API_URL: hostaway.url, ...feed.serverEnv, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([hostaway?.close(), smtp?.close(), feed?.close()]);
});

async function connectCall(host: Host, fields: Record<string, string>): Promise<Response> {
  credentials.push(...Object.values(fields).filter((value) => value.length > 8));
  const response = await host.call('/api/team/integrations', { method: 'POST', json: { system: 'hostaway', fields } });
  answers.push(await response.clone().text());
  return response;
}

interface Connected {
  account: HostawayAccount;
  id: string;
  units: UnitView[];
}

/** A Hostaway account with `listings`, connected by `host`, each listing mapped as `map` says (a guidebook, 'skip', or undecided). */
async function connect(host: Host, listings: Array<{ id: number; name: string }>, map: Record<number, Instruction | 'skip'>): Promise<Connected> {
  const account = hostaway.addAccount({ listings });
  const response = await connectCall(host, { accountId: String(account.accountId), apiSecret: account.apiSecret });
  expect(response.status, await response.clone().text()).toBe(201);
  const { integration } = (await response.json()) as { integration: IntegrationView };
  const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
  answers.push(JSON.stringify(units));
  const mapping = units.flatMap((unit) => {
    const to = map[Number(unit.externalId)];
    return to === undefined ? [] : [{ id: unit.id, guidebookId: to === 'skip' ? null : to._id, skipped: to === 'skip' }];
  });
  if (mapping.length > 0) await host.json(`/api/team/integrations/${integration.id}/units`, { method: 'PUT', json: { units: mapping } });
  return { account, id: integration.id, units };
}

function book(account: HostawayAccount, seed: Omit<HostawayReservationSeed, 'updatedOn'>): HostawayReservationSeed {
  for (const value of [seed.guestEmail, seed.phone]) if (value) guestDetails.push(value);
  return hostaway.setReservation(account, seed);
}

type Row = { id: string; team_id: string; state: string; last_error: string | null; access_key_id: string | null; access_iv: string | null; access_ct: string | null; access_expires_at: number | null };
const rowOf = (id: string) => query<Row>(server, 'SELECT id, team_id, state, last_error, access_key_id, access_iv, access_ct, access_expires_at FROM pms_integrations WHERE id = ?', id)[0]!;
const aad = (row: Row) => `pms:${row.id}:${row.team_id}:hostaway:access`;
/** The access slot as the keeper stores it (pms/access.ts): the token sealed as a string, its renewal time beside it. */
const storedToken = (row: Row) => ({ token: openSecret(ring, { keyId: row.access_key_id!, iv: row.access_iv!, ciphertext: row.access_ct! }, aad(row)), expiresAt: row.access_expires_at! });
const tokenRequests = () => hostaway.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accessTokens').length;

describe('connecting Hostaway', () => {
  it('a wrong pair: 422 in the host’s words, nothing stored; a good one: 201, its token sealed in the access slot', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const account = hostaway.addAccount({ listings: [{ id: 1, name: 'Loft' }] });
    for (const fields of [{ accountId: String(account.accountId), apiSecret: randomBytes(32).toString('hex') }, { accountId: '12', apiSecret: account.apiSecret }, { accountId: 'acme', apiSecret: account.apiSecret }]) {
      const refused = await connectCall(host, fields);
      expect([refused.status, await refused.json()]).toEqual([422, { message: messages.integrations.refused('Hostaway', 'account ID and API key') }]);
    }
    expect(query(server, 'SELECT id FROM pms_integrations WHERE team_id = ?', host.teamId)).toEqual([]);

    const before = hostaway.requests.length;
    const response = await connectCall(host, { accountId: String(account.accountId), apiSecret: account.apiSecret });
    expect(response.status).toBe(201);
    const { integration } = (await response.json()) as { integration: IntegrationView };
    expect(integration).toMatchObject({ system: 'hostaway', label: 'Hostaway', accountRef: String(account.accountId), state: 'active' });
    expect(hostaway.requests.slice(before).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/v1/accessTokens', 200],
      ['GET', '/v1/listings', 200],
      // The unified webhook, registered with the connect's token (tests/pms-hooks-registered.test.ts).
      ['POST', '/v1/webhooks/unifiedWebhooks', 200],
    ]);
    const row = rowOf(integration.id);
    const token = storedToken(row);
    expect(hostaway.tokens.get(token.token)).toMatchObject({ accountId: account.accountId, revoked: false });
    // Used until its renewal, 12 of its 24 months from now.
    expect(token.expiresAt - Date.now()).toBeGreaterThan(12 * MONTH);
    // The access slot opens with its own associated data only, not as the credentials slot.
    expect(() => openSecret(ring, { keyId: row.access_key_id!, iv: row.access_iv!, ciphertext: row.access_ct! }, aad(row).replace(':access', ':credentials'))).toThrow();
    const listed = (await (await host.call('/api/team/integrations')).json()) as { systems: Array<{ system: string; fields: Array<{ name: string; label: string; where: string; secret: boolean }> }> };
    expect(listed.systems.find((s) => s.system === 'hostaway')).toMatchObject({ fields: [{ name: 'accountId', secret: false }, { name: 'apiSecret', secret: true }] });
    expect(listed.systems.find((s) => s.system === 'hostaway')!.fields[0]!.where).toContain('Settings → Hostaway API');
  });
});

describe('a reservation of a mapped listing becomes a stay', () => {
  let host: Host;
  let loft: Instruction;
  let link: Connected;

  beforeAll(async () => {
    host = await signedInHost(server, { freshTeam: true });
    loft = await guidebook(host, 'Harbour Loft');
    link = await connect(host, [{ id: 501, name: 'Loft' }, { id: 502, name: 'Undecided' }, { id: 503, name: 'Skipped' }], { 501: loft, 503: 'skip' });
  });

  it('lists Hostaway’s listings as properties and maps them', () => {
    expect(link.units.map((u) => [u.externalId, u.name]).sort()).toEqual([
      ['501', 'Loft'],
      ['502', 'Undecided'],
      ['503', 'Skipped'],
    ]);
  });

  it('Sync now: a new booking with the guest’s name, e-mail, phone, language, count and channel; then moved (same link), then cancelled (gone, link 404)', async () => {
    const booking = book(link.account, { id: 7001, listingMapId: 501, arrivalDate: day(10), departureDate: day(13), status: 'new', channelId: 2005, channelName: 'bookingcom', guestFirstName: 'Ana', guestLastName: 'Novak', guestEmail: 'ana.novak@example.com', phone: '+385 91 555 0101', guestLocale: 'de-AT', numberOfGuests: 3, checkInTime: 16 });
    book(link.account, { id: 7002, listingMapId: 502, arrivalDate: day(10), departureDate: day(12), guestName: 'Undecided Guest' });
    book(link.account, { id: 7003, listingMapId: 501, arrivalDate: day(20), departureDate: day(22), status: 'inquiry', guestName: 'Only Asking' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ added: 1 }), message: '1 stay added' });
    const [stay, ...others] = await staysOf(host, loft);
    expect(others).toEqual([]);
    expect(stay).toMatchObject({ guestName: 'Ana Novak', guestEmail: 'ana.novak@example.com', guestPhone: '+385 91 555 0101', language: 'de', guestCount: 3, channel: 'booking', pms: { system: 'hostaway', label: 'Hostaway' }, checkIn: `${day(10)}T16:00`, checkOut: `${day(13)}T11:00` });
    const stored = JSON.stringify(query(server, 'SELECT * FROM stays WHERE id = ?', stay!._id));
    for (const leak of HOSTAWAY_LEAKS) expect(stored).not.toContain(leak);

    book(link.account, { ...booking, arrivalDate: day(15), departureDate: day(18), status: 'modified' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ moved: 1 }), message: '1 moved' });
    expect((await staysOf(host, loft))[0]).toMatchObject({ _id: stay!._id, token: stay!.token, checkIn: `${day(15)}T16:00`, checkOut: `${day(18)}T11:00` });

    book(link.account, { ...booking, arrivalDate: day(15), departureDate: day(18), status: 'cancelled' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ removed: 1 }), message: '1 removed' });
    expect(await staysOf(host, loft)).toEqual([]);
    expect((await server.request(`/stay/${stay!.token}`)).status).toBe(404);
  });
});

describe('one booking, one stay', () => {
  it('the calendar’s stay of the same flat and nights is taken over, not doubled', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Sea View');
    const path = `/ical/hostaway-${host.id}.ics`;
    feed.serve(path, { body: ics([{ uid: 'same@airbnb.com', start: ymd(20), end: ymd(23), summary: 'Reserved' }]) });
    expect((await host.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: feed.url(path) } })).status).toBe(200);
    const [fromFeed] = await staysOf(host, g);
    const link = await connect(host, [{ id: 601, name: 'Sea View' }], { 601: g });
    book(link.account, { id: 7101, listingMapId: 601, arrivalDate: day(20), departureDate: day(23), status: 'confirmed', channelId: 2018, channelName: 'airbnbOfficial', guestName: 'Bo Lind', guestEmail: 'bo.lind@example.com' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ takenOver: 1 }), message: '1 taken over from the calendar' });
    const stays = await staysOf(host, g);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ _id: fromFeed!._id, token: fromFeed!.token, guestName: 'Bo Lind', channel: 'airbnb', pms: { system: 'hostaway' } });
  });
});

describe('the token', () => {
  it('renewed once 12 of its 24 months have passed, and sealed back', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const link = await connect(host, [{ id: 701, name: 'Loft' }], {});
    const row = rowOf(link.id);
    const old = storedToken(row);
    expect(old.expiresAt - Date.now()).toBeGreaterThan(12 * MONTH);
    // The stored token as if issued 13 months ago: its renewal time has passed (it stays valid for 11 more).
    run(server, 'UPDATE pms_integrations SET access_expires_at = ? WHERE id = ?', Date.now() - MONTH, link.id);
    const minted = tokenRequests();
    await syncNow(host, link.id);
    expect(tokenRequests()).toBe(minted + 1);
    const renewed = storedToken(rowOf(link.id));
    expect(renewed.token).not.toBe(old.token);
    expect(renewed.expiresAt - Date.now()).toBeGreaterThan(12 * MONTH);
    expect(hostaway.tokens.get(old.token)!.revoked).toBe(false);
    // Kept: the next sync mints nothing.
    await syncNow(host, link.id);
    expect(tokenRequests()).toBe(minted + 1);
  });

  it('refused: one fresh token and the sync goes on; the key revoked in Hostaway: reconnect, the team’s contact mailed once', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Refused Loft');
    const link = await connect(host, [{ id: 801, name: 'Loft' }], { 801: g });
    hostaway.revokeTokens(link.account);
    book(link.account, { id: 7201, listingMapId: 801, arrivalDate: day(5), departureDate: day(7), guestName: 'Cy Fresh' });
    expect((await syncNow(host, link.id)).added).toBe(1);
    expect(rowOf(link.id).state).toBe('active');

    hostaway.revokeKey(link.account);
    const refused = await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, messages.integrations.reconnectFirst('Hostaway')]);
    expect(rowOf(link.id)).toMatchObject({ state: 'reconnect', last_error: messages.integrations.refused('Hostaway', 'account ID and API key') });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(host.email) && m.subject === 'Hostaway needs to be connected again');
    expect(readableParts(mail)).toContain('Hostaway no longer accepts the key Porchlight was given');
    const asked = hostaway.requests.length;
    expect((await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} })).status).toBe(409);
    expect(hostaway.requests.length).toBe(asked);
  });

  it('revoked in Hostaway when the host disconnects', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const link = await connect(host, [{ id: 901, name: 'Loft' }], {});
    const { token } = storedToken(rowOf(link.id));
    const response = await host.call(`/api/team/integrations/${link.id}`, { method: 'DELETE' });
    answers.push(await response.clone().text());
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([200, messages.integrations.disconnected('Hostaway')]);
    expect(hostaway.tokens.get(token)!.revoked).toBe(true);
    expect(query(server, 'SELECT id FROM pms_integrations WHERE id = ?', link.id)).toEqual([]);
  });
});

describe('what stays secret', () => {
  it('no credential or token in a log, an answer or a row; no door code or card digits anywhere; no guest e-mail or phone in the log', () => {
    const tokens = [...hostaway.tokens.keys()];
    expect(credentials.length).toBeGreaterThan(5);
    expect(tokens.length).toBeGreaterThan(5);
    const logs = server.logs.join('\n');
    expect(logs).toContain('pms: synced');
    const rows = everyRow(server);
    const everywhere = [...credentials, ...tokens, ...HOSTAWAY_LEAKS];
    for (const secret of everywhere) {
      expect(logs).not.toContain(secret);
      expect(rows).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    expect(guestDetails.length).toBeGreaterThan(2);
    for (const detail of guestDetails) expect(logs).not.toContain(detail);
  });
});
