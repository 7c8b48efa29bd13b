import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { GuestOrder } from '../src/lib/shared/schemas/order.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { query, requestFrom, run, setUserPlan } from './helpers/auth.ts';
import { signedInHost, startAppStripeStandIn, stripeEnv, type Host } from './helpers/billing.ts';
import { signedInMember } from './helpers/members.ts';
import { ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { connectSmoobu, type Connected } from './helpers/pms/smoobu-host.ts';
import { counts, day, guidebook, staysOf, syncNow, ymd } from './helpers/pms/sync-calls.ts';
import { startSmoobuStandIn, type SmoobuAccount, type SmoobuBookingSeed, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';

/**
 * Stays from Smoobu (docs/decisions/029-pms-connectors.md §5–§8, §12), over real HTTP on SQLite
 * or PostgreSQL (TEST_DATABASE_URL), against the Smoobu, Stripe, calendar and SMTP stand-ins:
 * "Sync now" and the "pms sync" job make a stay with the guest's details from a reservation of a
 * mapped property; a move moves it (same link) and its paid late check-out; a cancellation
 * deletes it, refunds the order and the link answers 404; the calendar stay of the same booking
 * is taken over; what the host may change; 401 and 5xx from Smoobu; the lease. Dates are set
 * relative to the real clock (days ahead), never slept through.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let smoobu: SmoobuStandIn;
let stripe: StripeStandIn;
let smtp: TestSmtpServer;
let feed: CalendarStandIn;
let server: TestServer;
let env: Record<string, string>;
/** Every server's log lines, searched for guests' details and credentials at the end. */
const logs: string[][] = [];
/** Every guest e-mail, phone and credential the stand-in held. */
const secrets: string[] = [];

beforeAll(async () => {
  [smoobu, stripe, smtp, feed] = await Promise.all([startSmoobuStandIn(), startAppStripeStandIn(), startSmtpServer(), startCalendarStandIn()]);
  env = { NODE_ENV: 'test', SECRETS_KEY, SMOOBU_API_URL: smoobu.url, ...stripeEnv(stripe.url), ...feed.serverEnv, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' };
  server = await startServer(env);
  logs.push(server.logs);
  stripe.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  stripe.setConnectWebhookUrl(`${server.url}/api/stripe/connect-webhook`);
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([smoobu?.close(), stripe?.stop(), smtp?.close(), feed?.close()]);
});

const LATE = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'instant' };

/** A Smoobu account connected by `host` (tests/helpers/pms/smoobu-host.ts), its key and secret kept for the log's search. */
async function connect(host: Host, apartments: Array<{ id: number; name: string }>, map: Record<number, Instruction | 'skip'>): Promise<Connected> {
  const link = await connectSmoobu(smoobu, host, apartments, map);
  secrets.push(link.account.apiKey, link.account.apiSecret);
  return link;
}

function book(account: SmoobuAccount, seed: Omit<SmoobuBookingSeed, 'modifiedAt'> & { modifiedAt?: string }): SmoobuBookingSeed {
  for (const value of [seed.email, seed.phone]) if (value) secrets.push(value);
  return smoobu.setBooking(account, seed);
}

const integrationRow = (id: string) => query<{ state: string; last_error: string | null; backoff_until: number | null; last_attempt_at: number | null; changed_through: number | null }>(server, 'SELECT state, last_error, backoff_until, last_attempt_at, changed_through FROM pms_integrations WHERE id = ?', id)[0]!;

describe('a reservation of a mapped property becomes a stay', () => {
  let host: Host;
  let loft: Instruction;
  let garden: Instruction;
  let link: Connected;

  beforeAll(async () => {
    host = await signedInHost(server, { freshTeam: true });
    [loft, garden] = [await guidebook(host, 'Harbour Loft'), await guidebook(host, 'Garden Room')];
    link = await connect(
      host,
      [
        { id: 31, name: 'Loft' },
        { id: 32, name: 'Undecided' },
        { id: 33, name: 'Skipped' },
      ],
      { 31: loft, 33: 'skip' },
    );
  });

  it('Sync now: the guest’s name, e-mail, phone, language, count and channel; other properties, past and blocked bookings make nothing', async () => {
    const { account } = link;
    book(account, { id: 501, apartmentId: 31, arrival: day(10), departure: day(13), firstname: 'Ana', lastname: 'Novak', email: 'ana.novak@example.com', phone: '+385 91 555 0101', language: 'de-AT', adults: 2, children: 1, channel: 'Airbnb', extra: { address: 'Ilica 1, Zagreb', price: 420 } });
    book(account, { id: 502, apartmentId: 32, arrival: day(10), departure: day(12), guestName: 'Undecided Guest' });
    book(account, { id: 503, apartmentId: 33, arrival: day(10), departure: day(12), guestName: 'Skipped Guest' });
    book(account, { id: 504, apartmentId: 31, arrival: day(-5), departure: day(-2), guestName: 'Long Gone' });
    book(account, { id: 505, apartmentId: 31, arrival: day(20), departure: day(22), guestName: 'Owner block', blocked: true });

    expect(await syncNow(host, link.id)).toEqual({ ...counts({ added: 1 }), message: '1 stay added' });
    const [stay, ...others] = await staysOf(host, loft);
    expect(others).toEqual([]);
    expect(stay).toMatchObject({
      guestName: 'Ana Novak',
      guestEmail: 'ana.novak@example.com',
      guestPhone: '+385 91 555 0101',
      language: 'de',
      guestCount: 3,
      channel: 'airbnb',
      hostNote: '',
      source: 'manual',
      pms: { system: 'smoobu', label: 'Smoobu' },
      checkIn: `${day(10)}T15:00`,
      checkOut: `${day(13)}T11:00`,
    });
    expect(await staysOf(host, garden)).toEqual([]);
    expect(query(server, "SELECT id FROM stays WHERE guest_name IN ('Undecided Guest', 'Skipped Guest', 'Long Gone', 'Owner block')")).toEqual([]);
    // Nothing of what Smoobu sends beyond the fields read is kept.
    expect(JSON.stringify(query(server, 'SELECT * FROM stays WHERE id = ?', stay!._id))).not.toContain('Ilica');
    expect(integrationRow(link.id)).toMatchObject({ state: 'active', last_error: null, backoff_until: null });
    // A Cleaner of the guidebook sees the guest's name, not how to reach them (docs/decisions/028-teams.md §6).
    setUserPlan(server, host.id, 'gold');
    const cleaner = await signedInMember(server, host.teamId, 'cleaner', { guidebooks: [loft._id] });
    const asCleaner = await cleaner.call(`/api/instruction/${loft._id}/stays?group=upcoming`);
    expect(asCleaner.status, await asCleaner.clone().text()).toBe(200);
    const seen = (await asCleaner.json()) as StaysPage;
    expect(seen.stays[0]).toMatchObject({ _id: stay!._id, guestName: 'Ana Novak', guestEmail: '', guestPhone: '', token: '' });

    // Read again with nothing new: nothing written.
    const before = query<{ updated_at: number }>(server, 'SELECT updated_at FROM stays WHERE id = ?', stay!._id);
    expect(await syncNow(host, link.id)).toEqual({ ...counts(), message: 'Nothing changed' });
    expect(query(server, 'SELECT updated_at FROM stays WHERE id = ?', stay!._id)).toEqual(before);
  });

  it('the host may change its language and note, not its dates, channel, guest or existence; Smoobu’s later changes keep the host’s language', async () => {
    const [stay] = await staysOf(host, loft);
    const patch = (json: unknown) => host.call(`/api/instruction/${loft._id}/stays/${stay!._id}`, { method: 'PATCH', json });
    for (const json of [{ checkIn: `${day(11)}T15:00` }, { channel: 'direct' }, { guestName: 'Someone Else' }, { guestEmail: 'other@example.com' }]) {
      const refused = await patch(json);
      expect([refused.status, ((await refused.json()) as { message: string }).message], JSON.stringify(json)).toEqual([409, messages.stays.fromPms('Smoobu')]);
    }
    const deleted = await host.call(`/api/instruction/${loft._id}/stays/${stay!._id}`, { method: 'DELETE' });
    expect([deleted.status, ((await deleted.json()) as { message: string }).message]).toEqual([409, messages.stays.deleteFromPms('Smoobu')]);
    const tooLong = await patch({ hostNote: 'x'.repeat(2_001) });
    expect([tooLong.status, ((await tooLong.json()) as { message: string }).message]).toEqual([400, messages.stays.noteInvalid]);

    // A dialog sends every field: those unchanged pass.
    const saved = await patch({ guestName: 'Ana Novak', guestEmail: 'ana.novak@example.com', channel: 'airbnb', checkIn: stay!.checkIn, checkOut: stay!.checkOut, language: 'fr', hostNote: 'Arrives by ferry.\nKey box code on the card.' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { stay: Stay }).stay).toMatchObject({ language: 'fr', hostNote: 'Arrives by ferry.\nKey box code on the card.', guestName: 'Ana Novak' });

    // Smoobu changes the name and the language: the name follows, the host's language stays.
    book(link.account, { ...link.account.bookings.find((b) => b.id === 501)!, firstname: 'Ana Marija', language: 'it', modifiedAt: undefined });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ updated: 1 }), message: '1 updated' });
    expect((await staysOf(host, loft))[0]).toMatchObject({ guestName: 'Ana Marija Novak', language: 'fr', hostNote: 'Arrives by ferry.\nKey box code on the card.' });

    // An answer older than the one applied changes nothing (a replica behind).
    book(link.account, { ...link.account.bookings.find((b) => b.id === 501)!, firstname: 'Stale', modifiedAt: `${day(-1)} 08:00` });
    expect(await syncNow(host, link.id)).toEqual({ ...counts(), message: 'Nothing changed' });
    expect((await staysOf(host, loft))[0]!.guestName).toBe('Ana Marija Novak');
  });

  it('a reservation deleted in Smoobu (404) goes at the full pass', async () => {
    const [stay] = await staysOf(host, loft);
    smoobu.deleteBooking(link.account, 501);
    // The daily full pass is due (a day after the last one).
    run(server, 'UPDATE pms_integrations SET full_pass_at = 1 WHERE id = ?', link.id);
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ removed: 1 }), message: '1 removed' });
    expect(await staysOf(host, loft)).toEqual([]);
    expect((await server.request(`/stay/${stay!.token}`)).status).toBe(404);
  });

  it('another team’s integration answers 404; Sync now while a sync holds the lease answers 409; the seventh in an hour 429', async () => {
    const other = await signedInHost(server, { freshTeam: true });
    const response = await other.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([404, messages.integrations.notFound]);
    run(server, 'INSERT INTO record_locks (key, holder, expires_at) VALUES (?, ?, ?)', `pms:${link.id}`, 'another-server', Date.now() + 60_000);
    const busy = await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([busy.status, await busy.json()]).toEqual([409, { message: 'A sync of this account is running' }]);
    run(server, 'DELETE FROM record_locks WHERE key = ?', `pms:${link.id}`);
    // Six a connection an hour (five syncs above and the one refused as busy): the seventh waits, and Smoobu is not asked.
    const asked = smoobu.requests.length;
    const limited = await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many syncs of this account\. Please try again in \d+ (minutes?|hours?)\.$/);
    expect(smoobu.requests.length).toBe(asked);
  });
});

describe('disconnecting and connecting again', () => {
  it('leaves the stays as the host’s own, then adopts them again: one stay, the same link, no double', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Canal House');
    const first = await connect(host, [{ id: 61, name: 'Canal' }], { 61: g });
    book(first.account, { id: 801, apartmentId: 61, arrival: day(30), departure: day(33), guestName: 'Ines Ortega', email: 'ines@example.com' });
    expect(await syncNow(host, first.id)).toEqual({ ...counts({ added: 1 }), message: '1 stay added' });
    const [made] = await staysOf(host, g);

    expect((await host.call(`/api/team/integrations/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    const [kept, ...none] = await staysOf(host, g);
    expect(none).toEqual([]);
    // The host's own now: no system named, its dates the host's to change.
    expect(kept).toMatchObject({ _id: made!._id, token: made!.token, guestName: 'Ines Ortega', pms: null });

    const { integration } = await host.json<{ integration: IntegrationView }>('/api/team/integrations', { method: 'POST', json: { system: 'smoobu', fields: { apiKey: first.account.apiKey, apiSecret: first.account.apiSecret } } });
    const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
    await host.json(`/api/team/integrations/${integration.id}/units`, { method: 'PUT', json: { units: units.map((unit) => ({ id: unit.id, guidebookId: g._id, skipped: false })) } });
    expect(await syncNow(host, integration.id)).toEqual({ ...counts({ updated: 1 }), message: '1 updated' });
    const [adopted, ...doubled] = await staysOf(host, g);
    expect(doubled).toEqual([]);
    expect(adopted).toMatchObject({ _id: made!._id, token: made!.token, guestName: 'Ines Ortega', pms: { system: 'smoobu', label: 'Smoobu' } });
  });
});

describe('two calendar stays of the same dates (a double booking)', () => {
  it('neither is taken over: the reservation makes a stay of its own', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Double Loft');
    const path = `/ical/double-${host.id}.ics`;
    feed.serve(path, { body: ics([{ uid: 'one@airbnb.com', start: ymd(40), end: ymd(42), summary: 'Reserved' }, { uid: 'two@airbnb.com', start: ymd(40), end: ymd(42), summary: 'Reserved' }]) });
    expect((await host.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: feed.url(path) } })).status).toBe(200);
    const link = await connect(host, [{ id: 52, name: 'Double' }], { 52: g });
    book(link.account, { id: 702, apartmentId: 52, arrival: day(40), departure: day(42), guestName: 'Di Double' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ added: 1 }), message: '1 stay added' });
    const stays = await staysOf(host, g);
    expect(stays.map((each) => [each.source, each.guestName, each.pms?.label ?? null]).sort()).toEqual([
      ['calendar', '', null],
      ['calendar', '', null],
      ['manual', 'Di Double', 'Smoobu'],
    ]);
  });
});

describe('moves and cancellations follow the deletion and move rules', () => {
  /** A Gold host whose Stripe account took charges, as tests/stays-and-orders.test.ts makes one. */
  async function payingHost(): Promise<Host> {
    const host = await signedInHost(server);
    setUserPlan(server, host.id, 'gold');
    await host.json('/api/payouts/onboarding', { method: 'POST', json: {} });
    const accountId = query<{ stripe_account_id: string }>(server, 'SELECT stripe_account_id FROM payout_accounts WHERE team_id = ?', host.id)[0]!.stripe_account_id;
    await stripe.control.completeOnboarding(accountId);
    await expect.poll(async () => (await host.json<{ chargesEnabled: boolean }>('/api/payouts')).chargesEnabled).toBe(true);
    return host;
  }

  const orderRow = (id: string) => query<{ status: string; moves_to: number | null; follow_up: string | null; stay_id: string | null }>(server, 'SELECT status, moves_to, follow_up, stay_id FROM orders WHERE id = ?', id)[0]!;

  it('a move keeps the link and takes the paid late check-out along; a cancellation refunds it and the link answers 404', async () => {
    const host = await payingHost();
    const g = await guidebook(host, 'Harbour Loft', [LATE]);
    const link = await connect(host, [{ id: 41, name: 'Loft' }], { 41: g });
    const booking = book(link.account, { id: 601, apartmentId: 41, arrival: day(5), departure: day(8), guestName: 'Ivo Horvat', email: 'ivo.horvat@example.com', channel: 'Booking.com' });
    expect((await syncNow(host, link.id)).added).toBe(1);
    const [stay] = await staysOf(host, g);

    const asked = await requestFrom(server, '127.0.3.1', `/api/guest/${stay!.token}/extras/11`, {});
    const bought = JSON.parse(asked.body) as { order: GuestOrder; checkoutUrl: string };
    expect(asked.status, asked.body).toBe(201);
    await stripe.control.payCheckout(bought.checkoutUrl.split('/').pop()!);
    await expect.poll(() => orderRow(bought.order.id).status).toBe('paid');

    book(link.account, { ...booking, arrival: day(15), departure: day(18), type: 'modification of booking' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ moved: 1 }), message: '1 moved' });
    const [moved] = await staysOf(host, g);
    expect(moved).toMatchObject({ _id: stay!._id, token: stay!.token, checkIn: `${day(15)}T15:00`, checkOut: `${day(18)}T14:00` });
    expect(orderRow(bought.order.id)).toMatchObject({ status: 'paid', moves_to: Date.parse(`${day(18)}T14:00:00Z`), follow_up: null });

    book(link.account, { ...booking, arrival: day(15), departure: day(18), type: 'cancellation' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ removed: 1 }), message: '1 removed' });
    expect(await staysOf(host, g)).toEqual([]);
    expect((await server.request(`/stay/${stay!.token}`)).status).toBe(404);
    expect(orderRow(bought.order.id)).toMatchObject({ status: 'refunded', stay_id: null, follow_up: null });
    expect((await stripe.control.state()).refunds.filter((refund) => refund.metadata?.['orderId'] === bought.order.id)).toHaveLength(1);
    await smtp.waitForMail((mail) => mail.envelopeTo.includes(host.email) && mail.subject === 'Order ended: Late check-out for Harbour Loft');
  });
});

describe('one booking, one stay: the calendar’s stay is taken over', () => {
  it('keeps its link, gains the guest, moves to Smoobu’s times; cancelled in Smoobu, it goes and its calendar booking is tombstoned', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Sea View');
    const path = `/ical/take-over-${host.id}.ics`;
    feed.serve(path, { body: ics([{ uid: 'same@airbnb.com', start: ymd(20), end: ymd(23), summary: 'Reserved' }]) });
    const saved = await host.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: feed.url(path) } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [fromFeed] = await staysOf(host, g);
    expect(fromFeed).toMatchObject({ source: 'calendar', guestName: '', pms: null });

    const link = await connect(host, [{ id: 51, name: 'Sea View' }], { 51: g });
    const booking = book(link.account, { id: 701, apartmentId: 51, arrival: day(20), departure: day(23), checkIn: '16:00', guestName: 'Bo Lind', email: 'bo.lind@example.com', phone: '+46 70 555 0123', channel: 'Airbnb' });
    expect(await syncNow(host, link.id)).toEqual({ ...counts({ takenOver: 1 }), message: '1 taken over from the calendar' });
    const stays = await staysOf(host, g);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ _id: fromFeed!._id, token: fromFeed!.token, guestName: 'Bo Lind', guestPhone: '+46 70 555 0123', channel: 'airbnb', pms: { system: 'smoobu', label: 'Smoobu' }, checkIn: `${day(20)}T16:00`, checkOut: `${day(23)}T11:00` });

    book(link.account, { ...booking, type: 'cancellation' });
    expect((await syncNow(host, link.id)).removed).toBe(1);
    expect(await staysOf(host, g)).toEqual([]);
    expect(query(server, 'SELECT calendar_uid, until FROM calendar_tombstones WHERE instruction_id = ?', g._id)).toEqual([{ calendar_uid: 'same@airbnb.com', until: Date.parse(`${day(23)}T11:00:00Z`) }]);
  });
});

describe('overlaps', () => {
  it('a reservation over a stay by hand is kept as Smoobu says, both flagged, and the host told once', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Overlap Loft');
    const { stay: lea } = await host.json<{ stay: Stay }>(`/api/instruction/${g._id}/stays`, { json: { guestName: 'Lea', checkIn: `${day(30)}T15:00`, checkOut: `${day(33)}T11:00` } });
    const link = await connect(host, [{ id: 81, name: 'Loft' }], { 81: g });
    book(link.account, { id: 851, apartmentId: 81, arrival: day(32), departure: day(35), guestName: 'Max Overlap' });
    expect((await syncNow(host, link.id)).added).toBe(1);
    const stays = await staysOf(host, g);
    const max = stays.find((each) => each.guestName === 'Max Overlap')!;
    expect(max.overlaps.map((each) => each._id)).toEqual([lea._id]);
    expect(stays.find((each) => each._id === lea._id)!.overlaps.map((each) => each._id)).toEqual([max._id]);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(host.email) && m.subject === 'Overlapping stays: Overlap Loft');
    expect(readableParts(mail)).toContain('Smoobu brought stays of Overlap Loft that overlap');
    expect(readableParts(mail)).toContain('Lea’s stay');
  });
});

describe('when Smoobu refuses or does not answer', () => {
  it('401: the integration waits for a new connect, reads stop, and the team’s contact is mailed once, without the key', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Refused Loft');
    const link = await connect(host, [{ id: 61, name: 'Loft' }], { 61: g });
    smoobu.revokeKey(link.account);
    const refused = await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, messages.integrations.reconnectFirst('Smoobu')]);
    expect(integrationRow(link.id)).toMatchObject({ state: 'reconnect', last_error: messages.integrations.refused('Smoobu', 'key and secret') });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(host.email) && m.subject === 'Smoobu needs to be connected again');
    expect(readableParts(mail)).toContain('Smoobu no longer accepts the key Porchlight was given; connect it again on the Integrations screen.');
    for (const secret of [link.account.apiKey, link.account.apiSecret]) expect(mail.raw).not.toContain(secret);

    const asked = smoobu.requests.length;
    expect((await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} })).status).toBe(409);
    expect(smoobu.requests.length).toBe(asked);
    expect(query(server, "SELECT id FROM outbox WHERE to_address = ? AND subject = 'Smoobu needs to be connected again'", host.email)).toHaveLength(1);
  });

  it('5xx: "Smoobu did not answer", a back-off growing 1, 2 minutes, cleared by the next success', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Quiet Loft');
    const link = await connect(host, [{ id: 71, name: 'Loft' }], { 71: g });
    const fail = () => [503, 502, 500].forEach((status) => smoobu.failNext(status));
    fail();
    const first = await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} });
    expect([first.status, ((await first.json()) as { message: string }).message]).toEqual([502, messages.integrations.unreachable('Smoobu')]);
    const once = integrationRow(link.id);
    expect(once).toMatchObject({ state: 'active', last_error: messages.integrations.unreachable('Smoobu'), changed_through: null });
    expect(once.backoff_until! - once.last_attempt_at!).toBe(60_000);
    fail();
    expect((await host.call(`/api/team/integrations/${link.id}/sync`, { method: 'POST', json: {} })).status).toBe(502);
    const twice = integrationRow(link.id);
    expect(twice.backoff_until! - twice.last_attempt_at!).toBe(120_000);

    book(link.account, { id: 801, apartmentId: 71, arrival: day(3), departure: day(4), guestName: 'Cy' });
    expect((await syncNow(host, link.id)).added).toBe(1);
    expect(integrationRow(link.id)).toMatchObject({ last_error: null, backoff_until: null });
  });
});

describe('the "pms sync" job', () => {
  it('reads every active integration as a server starts its turn', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Job Loft');
    const link = await connect(host, [{ id: 91, name: 'Loft' }], { 91: g });
    book(link.account, { id: 901, apartmentId: 91, arrival: day(6), departure: day(9), guestName: 'Dee Job', email: 'dee.job@example.com', phone: '+1 555 0199' });
    // Another server on the same database takes the job's turn as it starts.
    const other = await startServer({ ...env, DATA_DIR: server.dataDir });
    logs.push(other.logs);
    try {
      await expect.poll(() => query<{ guest_name: string }>(server, 'SELECT guest_name FROM stays WHERE instruction_id = ?', g._id), { timeout: 30_000 }).toEqual([{ guest_name: 'Dee Job' }]);
    } finally {
      await other.stop();
    }
    expect((await staysOf(host, g))[0]).toMatchObject({ guestEmail: 'dee.job@example.com', guestPhone: '+1 555 0199', pms: { label: 'Smoobu' } });
  });
});

describe('the log', () => {
  it('holds no credential and no guest e-mail or phone', () => {
    const text = logs.flat().join('\n');
    expect(text).toContain('pms: synced');
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
