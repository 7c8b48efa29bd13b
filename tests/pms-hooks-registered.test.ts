import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { ActivityPage } from '../src/lib/shared/team-activity.ts';
import { query } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { startBeds24StandIn, type Beds24Account, type Beds24StandIn } from './helpers/pms/beds24-standin.ts';
import { startHostawayStandIn, type HostawayAccount, type HostawayStandIn } from './helpers/pms/hostaway-standin.ts';
import { day, guidebook, staysOf, syncNow } from './helpers/pms/sync-calls.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Beds24's and Hostaway's webhooks (docs/decisions/029-pms-connectors.md §5, §14 5.), over real
 * HTTP on SQLite or PostgreSQL (TEST_DATABASE_URL): Beds24's Booking Webhook carries the header the
 * screen shows the host (the stand-in sends it per property, as Beds24 does once the host pasted
 * it); Hostaway's unified webhook is registered at connect with a Basic login and password and
 * removed on disconnect before the token is revoked. A new booking is a stay within one webhook; a
 * webhook without the right proof is 401 and queues nothing. Every check polls for its condition.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let beds24: Beds24StandIn;
let hostaway: HostawayStandIn;
let smtp: TestSmtpServer;
let server: TestServer;
/** Hook secrets and Basic passwords seen: never in the log. */
const secrets: string[] = [];

beforeAll(async () => {
  [beds24, hostaway, smtp] = await Promise.all([startBeds24StandIn(), startHostawayStandIn({ sendWebhooks: true }), startSmtpServer()]);
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY, BEDS24_API_URL: beds24.url, HOSTAWAY_API_URL: hostaway.url, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([beds24?.close(), hostaway?.close(), smtp?.close()]);
});

const inbox = (integrationId: string) => query<{ reservation_ids: string }>(server, 'SELECT reservation_ids FROM pms_hook_inbox WHERE integration_id = ? ORDER BY id', integrationId);
/** The hook's address on the test server (the view's is on APP_URL, `localhost`). */
const onServer = (url: string) => `${server.url}${new URL(url).pathname}`;

async function connected(host: Host, system: 'beds24' | 'hostaway', fields: Record<string, string>, map: (unit: UnitView) => Instruction | undefined): Promise<IntegrationView> {
  const response = await host.call('/api/team/integrations', { method: 'POST', json: { system, fields } });
  expect(response.status, await response.clone().text()).toBe(201);
  const { integration } = (await response.json()) as { integration: IntegrationView };
  const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
  const mapping = units.flatMap((unit) => (map(unit) ? [{ id: unit.id, guidebookId: map(unit)!._id, skipped: false }] : []));
  await host.json(`/api/team/integrations/${integration.id}/units`, { method: 'PUT', json: { units: mapping } });
  return integration;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

describe('Beds24’s Booking Webhook', () => {
  let host: Host;
  let loft: Instruction;
  let account: Beds24Account;
  let integration: IntegrationView;

  beforeAll(async () => {
    host = await signedInHost(server, { freshTeam: true });
    loft = await guidebook(host, 'Beds24 Hook Loft');
    account = beds24.addAccount({ properties: [{ id: 601, name: 'Harbour House', roomTypes: [{ id: 31, name: 'Loft' }] }] });
    integration = await connected(host, 'beds24', { inviteCode: beds24.inviteCode(account) }, (unit) => (unit.externalId === '601/31' ? loft : undefined));
  });

  it('the screen shows the address and the header to paste; with them, a new booking is a stay within one webhook, and its cancellation removes it', async () => {
    const hook = integration.hook!;
    expect(hook).toMatchObject({ setup: 'paste-url-and-header', url: expect.stringMatching(/\/api\/pms\/hooks\/[\w-]{24}$/), header: { name: 'X-Porchlight-Hook', value: expect.stringMatching(/^[\w-]{43}$/) } });
    // What the host pastes into the property's Booking Webhook, version 2.
    beds24.webhooks.set(601, { url: onServer(hook.url), header: `${hook.header!.name}: ${hook.header!.value}`, version: 2 });
    const booking = { id: 8101, propertyId: 601, roomId: 31, arrival: day(9), departure: day(12), firstName: 'Lena', lastName: 'Berg', email: 'lena.berg@example.com', lang: 'sv', numAdult: 2, channel: 'airbnb' } as const;
    beds24.setBooking(account, booking);
    await expect.poll(async () => (await staysOf(host, loft)).map((s) => [s.guestName, s.guestEmail, s.language, s.guestCount, s.channel])).toEqual([['Lena Berg', 'lena.berg@example.com', 'sv', 2, 'airbnb']]);
    await expect.poll(() => beds24.webhooks.deliveries).toEqual([{ propertyId: 601, bookingId: 8101, method: 'POST', status: 200 }]);
    secrets.push(hook.header!.value);
    const { integrations } = await host.json<{ integrations: IntegrationView[] }>('/api/team/integrations');
    expect(integrations[0]!.lastHookAt).toBeGreaterThan(Date.now() - 60_000);

    beds24.setBooking(account, { ...booking, departure: day(13) });
    await expect.poll(async () => (await staysOf(host, loft)).map((s) => s.checkOut)).toEqual([`${day(13)}T11:00`]);
    beds24.setBooking(account, { ...booking, departure: day(13), status: 'cancelled' });
    await expect.poll(async () => (await staysOf(host, loft)).length).toBe(0);
    expect(inbox(integration.id).map((row) => row.reservation_ids)).toEqual(['8101', '8101', '8101']);

    // The team's activity says what Beds24 did, with the reservation's id and the dates, never the guest.
    const { items } = await host.json<ActivityPage>('/api/team/activity');
    expect(items.map((item) => [item.actor, item.action, item.guidebookName, 'reservationId' in item.details ? item.details.reservationId : null])).toEqual([
      ['system', 'booking.cancelled', 'Beds24 Hook Loft', '8101'],
      ['system', 'booking.moved', 'Beds24 Hook Loft', '8101'],
      ['system', 'booking.added', 'Beds24 Hook Loft', '8101'],
    ]);
    expect(items[2]!.details).toEqual({ system: 'beds24', reservationId: '8101', channel: 'airbnb', takenOver: false, checkIn: expect.any(Number), checkOut: expect.any(Number) });
  });

  it('a webhook without the header, or with another, is 401 and queues nothing; version 1’s GET with it reads what changed', async () => {
    const url = onServer(integration.hook!.url);
    const before = inbox(integration.id).length;
    const body = { booking: { id: 8102 } };
    expect(await post(url, body, {})).toBe(401);
    expect(await post(url, body, { 'X-Porchlight-Hook': randomBytes(32).toString('base64url') })).toBe(401);
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Porchlight-Hook': '' }, body: JSON.stringify(body) });
    expect([refused.status, await refused.json()]).toEqual([401, { message: messages.integrations.hookRefused }]);
    expect(inbox(integration.id).length).toBe(before);

    const get = await fetch(url, { headers: { 'X-Porchlight-Hook': integration.hook!.header!.value } });
    expect(get.status).toBe(200);
    await expect.poll(() => inbox(integration.id).length).toBe(before + 1);
    expect(inbox(integration.id).at(-1)!.reservation_ids).toBe('');
  });
});

describe('Hostaway’s unified webhook', () => {
  let host: Host;
  let cabin: Instruction;
  let account: HostawayAccount;
  let integration: IntegrationView;

  beforeAll(async () => {
    host = await signedInHost(server, { freshTeam: true });
    cabin = await guidebook(host, 'Hostaway Hook Cabin');
    account = hostaway.addAccount({ listings: [{ id: 951, name: 'Cabin' }] });
    integration = await connected(host, 'hostaway', { accountId: String(account.accountId), apiSecret: account.apiSecret }, (unit) => (unit.externalId === '951' ? cabin : undefined));
  });

  it('is registered at connect, on APP_URL with our Basic login, its id kept; a new booking is a stay within one webhook; a cancellation removes it', async () => {
    const registered = hostaway.hooks.filter((h) => h.accountId === account.accountId);
    expect(registered).toEqual([{ id: expect.any(Number), accountId: account.accountId, url: integration.hook!.url, login: 'porchlight', password: expect.stringMatching(/^[\w-]{43}$/), isEnabled: 1 }]);
    secrets.push(registered[0]!.password);
    expect(integration.hook).toEqual({ setup: 'registered', url: integration.hook!.url, registered: true });
    expect(query<{ remote_hook_id: string }>(server, 'SELECT remote_hook_id FROM pms_integrations WHERE id = ?', integration.id)).toEqual([{ remote_hook_id: String(registered[0]!.id) }]);

    const reservation = { id: 66_001, listingMapId: 951, arrivalDate: day(6), departureDate: day(9), guestName: 'Tom Ruiz', guestFirstName: 'Tom', guestEmail: 'tom.ruiz@example.com', guestLocale: 'es', numberOfGuests: 3, channelId: 2005, channelName: 'bookingcom', status: 'new' };
    hostaway.setReservation(account, reservation);
    await expect.poll(async () => (await staysOf(host, cabin)).map((s) => [s.guestName, s.guestEmail, s.language, s.guestCount, s.channel])).toEqual([['Tom Ruiz', 'tom.ruiz@example.com', 'es', 3, 'booking']]);
    hostaway.setReservation(account, { ...reservation, status: 'cancelled' });
    await expect.poll(async () => (await staysOf(host, cabin)).length).toBe(0);
    expect(inbox(integration.id).map((row) => row.reservation_ids)).toEqual(['66001', '66001']);
  });

  it('a webhook with another password, another login or none is 401 and queues nothing', async () => {
    const url = onServer(integration.hook!.url);
    const before = inbox(integration.id).length;
    const body = { event: 'reservation.created', data: { id: 66_002 } };
    const password = hostaway.hooks.find((h) => h.accountId === account.accountId)!.password;
    const basic = (pair: string) => ({ authorization: `Basic ${Buffer.from(pair).toString('base64')}` });
    for (const headers of [{}, basic(`porchlight:${randomBytes(32).toString('base64url')}`), basic(`someone:${password}`), { authorization: `Bearer ${password}` }]) expect(await post(url, body, headers)).toBe(401);
    expect(inbox(integration.id).length).toBe(before);
    expect(await post(url, body, basic(`porchlight:${password}`))).toBe(200);
    expect(inbox(integration.id).length).toBe(before + 1);
  });

  it('disconnect removes the webhook first, then revokes the token, then deletes the row', async () => {
    const remoteId = hostaway.hooks.find((h) => h.accountId === account.accountId)!.id;
    const since = hostaway.requests.length;
    const response = await host.call(`/api/team/integrations/${integration.id}`, { method: 'DELETE' });
    expect(response.status, await response.clone().text()).toBe(200);
    // The webhook of the test before may still be read; what the disconnect sends is the DELETEs.
    const calls = hostaway.requests.slice(since).filter((r) => r.method === 'DELETE').map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(calls).toEqual([`DELETE /v1/webhooks/unifiedWebhooks/${remoteId} 200`, 'DELETE /v1/accessTokens 200']);
    expect(hostaway.hooks.filter((h) => h.accountId === account.accountId)).toEqual([]);
    expect([...hostaway.tokens.values()].filter((t) => t.accountId === account.accountId && !t.revoked)).toEqual([]);
    expect(query(server, 'SELECT id FROM pms_integrations WHERE id = ?', integration.id)).toEqual([]);
  });

  it('a registration Hostaway refused at connect: the screen says so, and the next full pass registers it', async () => {
    const other = await signedInHost(server, { freshTeam: true });
    const studio = await guidebook(other, 'Hostaway Hook Studio');
    const second = hostaway.addAccount({ listings: [{ id: 952, name: 'Studio' }] });
    hostaway.failNext(400, '/v1/webhooks/unifiedWebhooks');
    const late = await connected(other, 'hostaway', { accountId: String(second.accountId), apiSecret: second.apiSecret }, (unit) => (unit.externalId === '952' ? studio : undefined));
    expect(late.hook).toEqual({ setup: 'registered', url: late.hook!.url, registered: false });
    expect(hostaway.hooks.filter((h) => h.accountId === second.accountId)).toEqual([]);
    // The mapping save makes the next sync a full pass.
    await syncNow(other, late.id);
    expect(hostaway.hooks.filter((h) => h.accountId === second.accountId).map((h) => h.url)).toEqual([late.hook!.url]);
    const { integrations } = await other.json<{ integrations: IntegrationView[] }>('/api/team/integrations');
    expect(integrations[0]!.hook).toMatchObject({ setup: 'registered', registered: true });
    secrets.push(hostaway.hooks.find((h) => h.accountId === second.accountId)!.password);
  });
});

describe('what stays secret', () => {
  it('no guest name, e-mail or language in any activity line (kept a year; guests’ details 30 days)', () => {
    const rows = query<{ action: string; details: string }>(server, "SELECT action, details FROM team_activity WHERE action LIKE 'booking.%'");
    expect(rows.map((row) => row.action).sort()).toEqual(['booking.added', 'booking.added', 'booking.cancelled', 'booking.cancelled', 'booking.moved']);
    const text = JSON.stringify(query(server, 'SELECT * FROM team_activity'));
    for (const guest of ['Lena', 'Berg', 'lena.berg@example.com', 'Tom', 'Ruiz', 'tom.ruiz@example.com', '"sv"', '"es"']) expect(text).not.toContain(guest);
  });

  it('no hook secret, Basic password or guest e-mail in the log', () => {
    const logs = server.logs.join('\n');
    expect(logs).toContain('pms: webhook');
    expect(secrets.length).toBe(3);
    for (const secret of [...secrets, 'lena.berg@example.com', 'tom.ruiz@example.com']) expect(logs).not.toContain(secret);
  });
});
