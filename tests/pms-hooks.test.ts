import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, SyncAnswer } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, run } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { connectSmoobu, type Connected } from './helpers/pms/smoobu-host.ts';
import { guidebook, staysOf } from './helpers/pms/sync-calls.ts';
import { startSmoobuStandIn, type SmoobuBookingSeed, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Smoobu's webhooks (docs/decisions/029-pms-connectors.md §5, "Webhooks" and "Processed once"),
 * over real HTTP on SQLite or PostgreSQL (TEST_DATABASE_URL): the Smoobu stand-in posts its
 * webhooks to `/api/pms/hooks/:hookId` as Smoobu does; each is a hint, queued by reservation id
 * and read again through the signed API, so a repeated, late or out-of-order delivery ends at the
 * reservation as Smoobu has it now. No wall-clock waits: every check polls for its condition.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let smoobu: SmoobuStandIn;
let smtp: TestSmtpServer;
let server: TestServer;
/** Guests' e-mails and phones, credentials and hook ids the stand-in held: none may reach the log. */
const secrets: string[] = [];

beforeAll(async () => {
  [smoobu, smtp] = await Promise.all([startSmoobuStandIn(), startSmtpServer()]);
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY, SMOOBU_API_URL: smoobu.url, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([smoobu?.close(), smtp?.close()]);
});

const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** The hook's address on the test server (the view's is on APP_URL, `localhost`). */
const hookUrl = (integration: IntegrationView) => `${server.url}${new URL(integration.hook!.url).pathname}`;

/** A host with one guidebook, its Smoobu account connected, apartment `apartment` mapped to it, and webhooks sent to its hook. */
async function hooked(name: string, apartment: number, host?: Host): Promise<Connected & { host: Host; g: Instruction }> {
  const owner = host ?? (await signedInHost(server, { freshTeam: true }));
  const g = await guidebook(owner, name);
  const link = await connectSmoobu(smoobu, owner, [{ id: apartment, name }], { [apartment]: g });
  secrets.push(link.account.apiKey, link.account.apiSecret, link.integration.hook!.url.split('/').pop()!);
  smoobu.hooks.setUrl(link.account.userId, hookUrl(link.integration));
  return { ...link, host: owner, g };
}

function book(link: Connected, seed: Omit<SmoobuBookingSeed, 'modifiedAt'> & { modifiedAt?: string }): SmoobuBookingSeed {
  for (const value of [seed.email, seed.phone]) if (value) secrets.push(value);
  return smoobu.setBooking(link.account, seed);
}

/** The API's reads of one reservation so far. */
const readsOf = (id: number) => smoobu.requests.filter((r) => r.method === 'GET' && r.path === `/api/reservations/${id}`).length;
const inboxRows = (integrationId: string) => query<{ reservation_ids: string; processed_at: number | null; attempts: number; next_attempt_at: number; received_at: number }>(server, 'SELECT reservation_ids, processed_at, attempts, next_attempt_at, received_at FROM pms_hook_inbox WHERE integration_id = ? ORDER BY id', integrationId);
const pending = (integrationId: string) => inboxRows(integrationId).filter((row) => row.processed_at === null).length;

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get('retry-after') };
}

describe('a booking made in Smoobu', () => {
  it('becomes a stay with the guest’s name, e-mail and language within one webhook, with one read; a cancellation removes it', async () => {
    const link = await hooked('Webhook Loft', 11);
    book(link, { id: 1001, apartmentId: 11, arrival: day(8), departure: day(11), firstname: 'Mia', lastname: 'Webb', email: 'mia.webb@example.com', phone: '+44 7700 900123', language: 'es', adults: 2, channel: 'Booking.com' });
    await expect.poll(async () => (await staysOf(link.host, link.g)).map((s) => [s.guestName, s.guestEmail, s.language, s.guestCount, s.channel])).toEqual([['Mia Webb', 'mia.webb@example.com', 'es', 2, 'booking']]);
    await expect.poll(() => pending(link.id)).toBe(0);
    expect(readsOf(1001)).toBe(1);
    expect(smoobu.hooks.deliveries.filter((d) => d.userId === link.account.userId)).toEqual([{ userId: link.account.userId, action: 'newReservation', reservationId: 1001, status: 200 }]);
    // The screen says when the last one came.
    const { integrations } = await link.host.json<{ integrations: IntegrationView[] }>('/api/team/integrations');
    expect(integrations[0]!.lastHookAt).toBeGreaterThan(Date.now() - 60_000);
    expect(integrations[0]!.hook).toEqual({ setup: 'paste-url', url: `http://localhost:${new URL(server.url).port}/api/pms/hooks/${link.integration.hook!.url.split('/').pop()}` });

    book(link, { ...link.account.bookings.find((b) => b.id === 1001)!, type: 'cancellation', modifiedAt: undefined });
    await expect.poll(async () => (await staysOf(link.host, link.g)).length).toBe(0);
    expect(inboxRows(link.id).map((row) => [row.reservation_ids, row.processed_at !== null])).toEqual([
      ['1001', true],
      ['1001', true],
    ]);
  });

  it('a lost webhook: the reconcile brings the booking; one whose read failed waits 1 minute, and the reconcile takes it', async () => {
    const link = await hooked('Lost Loft', 12);
    smoobu.hooks.setMode(link.account.userId, 'drop');
    book(link, { id: 1101, apartmentId: 12, arrival: day(5), departure: day(7), guestName: 'Lou Lost' });
    expect(inboxRows(link.id)).toEqual([]);
    const synced = await link.host.json<SyncAnswer>(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect(synced.added).toBe(1);

    // Smoobu does not answer the read (the client tries three times): the row waits, its next try a minute on.
    smoobu.hooks.setMode(link.account.userId, 'hold');
    book(link, { id: 1102, apartmentId: 12, arrival: day(9), departure: day(10), guestName: 'Fay Failed' });
    for (const status of [503, 503, 503]) smoobu.failNext(status);
    expect(await smoobu.hooks.release(link.account.userId)).toEqual([200]);
    await expect.poll(() => inboxRows(link.id).map((row) => row.attempts)).toEqual([1]);
    const [waiting] = inboxRows(link.id);
    expect(waiting!.processed_at).toBeNull();
    expect(waiting!.next_attempt_at - waiting!.received_at).toBeGreaterThanOrEqual(60_000);
    expect((await staysOf(link.host, link.g)).map((s) => s.guestName)).toEqual(['Lou Lost']);
    // The reconcile's turn ("Sync now" runs it) reads what changed and takes the pending row with it.
    const again = await link.host.json<SyncAnswer>(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect(again.added).toBe(1);
    expect(pending(link.id)).toBe(0);
    expect((await staysOf(link.host, link.g)).map((s) => s.guestName).sort()).toEqual(['Fay Failed', 'Lou Lost']);
  });
  it('a reservation deleted in Smoobu (its read answers 404): the stay goes at the webhook', async () => {
    const link = await hooked('Deleted Loft', 13);
    book(link, { id: 1201, apartmentId: 13, arrival: day(3), departure: day(6), guestName: 'Del Deleted' });
    await expect.poll(async () => (await staysOf(link.host, link.g)).length).toBe(1);
    smoobu.deleteBooking(link.account, 1201);
    expect((await post(hookUrl(link.integration), { action: 'deleteReservation', user: link.account.userId, data: { id: 1201 } })).status).toBe(200);
    await expect.poll(async () => (await staysOf(link.host, link.g)).length).toBe(0);
  });
});

describe('processed once, in any order', () => {
  it('a delivery repeated three times is one row and one read', async () => {
    const link = await hooked('Repeat Loft', 21);
    smoobu.hooks.setMode(link.account.userId, 'hold');
    book(link, { id: 2101, apartmentId: 21, arrival: day(6), departure: day(8), guestName: 'Rae Repeat' });
    expect(await smoobu.hooks.release(link.account.userId, { times: 3 })).toEqual([200, 200, 200]);
    await expect.poll(async () => (await staysOf(link.host, link.g)).map((s) => s.guestName)).toEqual(['Rae Repeat']);
    await expect.poll(() => pending(link.id)).toBe(0);
    expect(inboxRows(link.id)).toHaveLength(1);
    expect(readsOf(2101)).toBe(1);
  });

  it('an update delivered before its booking, and the booking after it: the stay is the reservation as it is now', async () => {
    const link = await hooked('Order Loft', 22);
    smoobu.hooks.setMode(link.account.userId, 'hold');
    const made = book(link, { id: 2201, apartmentId: 22, arrival: day(10), departure: day(12), guestName: 'Old Name', email: 'old.order@example.com' });
    book(link, { ...made, arrival: day(14), departure: day(17), guestName: 'New Name', email: 'new.order@example.com', type: 'modification of booking', modifiedAt: undefined });
    expect(smoobu.hooks.held(link.account.userId).map((h) => h.action)).toEqual(['newReservation', 'updateReservation']);
    expect(await smoobu.hooks.release(link.account.userId, { reversed: true })).toEqual([200, 200]);
    await expect.poll(() => pending(link.id)).toBe(0);
    expect(inboxRows(link.id)).toHaveLength(2);
    const stays = await staysOf(link.host, link.g);
    expect(stays.map((s) => [s.guestName, s.guestEmail, s.checkIn, s.checkOut])).toEqual([['New Name', 'new.order@example.com', `${day(14)}T15:00`, `${day(17)}T11:00`]]);
  });

  it('while another server holds the account’s lease, the webhook waits; that server’s sync takes it', async () => {
    const link = await hooked('Busy Loft', 24);
    run(server, 'INSERT INTO record_locks (key, holder, expires_at) VALUES (?, ?, ?)', `pms:${link.id}`, 'another-server', Date.now() + 60_000);
    book(link, { id: 2401, apartmentId: 24, arrival: day(12), departure: day(14), guestName: 'Bea Busy' });
    await smoobu.hooks.settled();
    expect(inboxRows(link.id).map((row) => [row.reservation_ids, row.processed_at, row.attempts])).toEqual([['2401', null, 0]]);
    // The worker met the lease and left the row (nothing read); the holder's turn ("Sync now" once it lets go) takes it.
    expect(readsOf(2401)).toBe(0);
    run(server, 'DELETE FROM record_locks WHERE key = ?', `pms:${link.id}`);
    // Let go: "Sync now" takes the row, unless this server's worker, retrying each minute, took the lease first (409 then).
    const synced = await link.host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([200, 409]).toContain(synced.status);
    await expect.poll(() => pending(link.id)).toBe(0);
    expect((await staysOf(link.host, link.g)).map((s) => s.guestName)).toEqual(['Bea Busy']);
    expect(readsOf(2401)).toBeLessThanOrEqual(1);
  });

  it('changed twice quickly, both webhooks in flight at once: the stay ends at the second change', async () => {
    const link = await hooked('Quick Loft', 23);
    const made = book(link, { id: 2301, apartmentId: 23, arrival: day(20), departure: day(22), guestName: 'Quinn First' });
    book(link, { ...made, guestName: 'Quinn Second', language: 'fr', modifiedAt: undefined });
    book(link, { ...made, guestName: 'Quinn Third', language: 'it', arrival: day(21), modifiedAt: undefined });
    await smoobu.hooks.settled();
    await expect.poll(() => pending(link.id)).toBe(0);
    expect((await staysOf(link.host, link.g)).map((s) => [s.guestName, s.language, s.checkIn])).toEqual([['Quinn Third', 'it', `${day(21)}T15:00`]]);
  });
});

describe('what the hook refuses or ignores', () => {
  let link: Connected & { host: Host; g: Instruction };
  let url: string;

  beforeAll(async () => {
    link = await hooked('Guarded Loft', 31);
    url = hookUrl(link.integration);
    smoobu.hooks.setMode(link.account.userId, 'hold');
    book(link, { id: 3101, apartmentId: 31, arrival: day(4), departure: day(6), guestName: 'Gus Guarded', email: 'gus@example.com' });
  });

  const body = (user: number, id: number, action = 'newReservation') => ({ action, user, data: { id, 'guest-name': 'Forged Name', email: 'forged@example.com', arrival: day(1), departure: day(2) } });

  it('an unknown hook, a malformed one and a disconnected one answer 404; nothing is read', async () => {
    const gone = await hooked('Gone Loft', 32);
    expect((await gone.host.call(`/api/team/integrations/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    const asked = smoobu.requests.length;
    for (const id of [randomBytes(18).toString('base64url'), 'short', randomBytes(30).toString('base64url')]) {
      const answer = await post(`${server.url}/api/pms/hooks/${id}`, body(link.account.userId, 3101));
      expect([answer.status, answer.body.message], id).toEqual([404, messages.integrations.hookNotFound]);
    }
    expect(await post(hookUrl(gone.integration), body(gone.account.userId, 1))).toMatchObject({ status: 404, body: { message: messages.integrations.hookNotFound } });
    expect(smoobu.requests.length).toBe(asked);
  });

  it('another account’s `user`, another action or a body that is no webhook: 200 and nothing queued', async () => {
    for (const ignored of [body(link.account.userId + 1, 3101), body(link.account.userId, 3101, 'newMessage'), { action: 'newReservation', user: link.account.userId }, 'not json', '']) {
      expect((await post(url, ignored)).status, JSON.stringify(ignored)).toBe(200);
    }
    expect(inboxRows(link.id)).toEqual([]);
    expect(readsOf(3101)).toBe(0);
  });

  it('a forged body naming false dates and guest: the stay is what the API says; from any Origin', async () => {
    expect(await post(url, body(link.account.userId, 3101), { origin: 'https://evil.example' })).toEqual({ status: 200, body: {}, retryAfter: null });
    await expect.poll(async () => (await staysOf(link.host, link.g)).map((s) => [s.guestName, s.guestEmail, s.checkIn])).toEqual([['Gus Guarded', 'gus@example.com', `${day(4)}T15:00`]]);
  });

  it('a body over 64 KB answers 413 and queues nothing', async () => {
    const before = inboxRows(link.id).length;
    const big = JSON.stringify({ ...body(link.account.userId, 3102), padding: 'x'.repeat(65 * 1024) });
    expect((await post(url, big)).status).toBe(413);
    expect(inboxRows(link.id)).toHaveLength(before);
  });

  it('past 600 webhooks an hour: 429 with Retry-After, nothing queued', async () => {
    const before = inboxRows(link.id).length;
    // As if 600 had come this hour (each counted as the route takes it).
    run(server, 'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at', `pms-hook:${link.id}`, 600, Date.now() + 3_600_000);
    const limited = await post(url, body(link.account.userId, 3103));
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(3_000);
    expect(limited.body.message).toMatch(/^Too many webhooks for this connection\. Please try again in /);
    expect(inboxRows(link.id)).toHaveLength(before);
    run(server, 'DELETE FROM rate_limits WHERE key = ?', `pms-hook:${link.id}`);
  });

  it('an integration waiting for a new connect answers 200 and queues nothing', async () => {
    const waiting = await hooked('Waiting Loft', 33);
    run(server, "UPDATE pms_integrations SET state = 'reconnect' WHERE id = ?", waiting.id);
    expect(await post(hookUrl(waiting.integration), body(waiting.account.userId, 1))).toMatchObject({ status: 200, body: {} });
    expect(inboxRows(waiting.id)).toEqual([]);
  });

  it('another team’s hook cannot touch this team’s stays', async () => {
    const [ours] = await staysOf(link.host, link.g);
    expect(ours).toMatchObject({ guestName: 'Gus Guarded' });
    const theirs = await hooked('Their Loft', 31);
    // With this account's user: ignored. With their own: queued, read with their key, which does not know the reservation.
    expect((await post(hookUrl(theirs.integration), body(link.account.userId, 3101))).status).toBe(200);
    expect(inboxRows(theirs.id)).toEqual([]);
    expect((await post(hookUrl(theirs.integration), body(theirs.account.userId, 3101, 'cancelReservation'))).status).toBe(200);
    await expect.poll(() => inboxRows(theirs.id).map((row) => row.processed_at !== null)).toEqual([true]);
    expect(await staysOf(link.host, link.g)).toEqual([ours]);
    expect(await staysOf(theirs.host, theirs.g)).toEqual([]);
  });
});

describe('the log and the inbox', () => {
  it('hold ids only: no guest field, credential or hook id', () => {
    const text = server.logs.join('\n');
    expect(text).toContain('pms: webhook');
    expect(text).toContain('/api/pms/hooks/:hookId');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const rows = JSON.stringify(query(server, 'SELECT * FROM pms_hook_inbox'));
    for (const guest of ['Mia', 'Webb', 'mia.webb', 'Forged', 'forged@', 'Gus', 'Quinn']) expect(rows).not.toContain(guest);
  });
});
