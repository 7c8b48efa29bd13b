import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { GuestExtra, GuestOrder } from '../src/lib/shared/schemas/order.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { query, requestFrom, run, setUserPlan } from './helpers/auth.ts';
import { signedInHost, startAppStripeStandIn, stripeEnv, type Host } from './helpers/billing.ts';
import { CALENDAR_HOST, ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';

/**
 * Where stays and orders meet (docs/product/stays.md and docs/product/extras-and-orders.md, docs/decisions/024), over real HTTP on
 * the test's database (SQLite, or PostgreSQL under `npm run test:pg`), with the Stripe stand-in,
 * a calendar feed over HTTPS and a real SMTP server:
 * - one property holds one stay at a time, sold late check-outs included;
 * - an order follows its stay when the stay moves or goes, its money given back when it cannot;
 * - of two decisions at once, one wins with its Stripe call and the other is told the truth;
 * - every mail a host can cause to an address spends one daily budget.
 * Stays are set relative to the real clock (days ahead), never slept through.
 */
let standIn: StripeStandIn;
let smtp: TestSmtpServer;
let feed: CalendarStandIn;
let server: TestServer;

beforeAll(async () => {
  [standIn, smtp, feed] = await Promise.all([startAppStripeStandIn(), startSmtpServer(), startCalendarStandIn()]);
  server = await startServer({ NODE_ENV: 'test', ...stripeEnv(standIn.url), ...feed.serverEnv, SMTP_URL: smtp.url });
  standIn.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  standIn.setConnectWebhookUrl(`${server.url}/api/stripe/connect-webhook`);
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([standIn?.stop(), smtp?.close(), feed?.close()]);
});

const DAY = 86_400_000;
/** "YYYY-MM-DD", `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** "YYYYMMDD" for a feed. */
const ymd = (days: number) => day(days).replaceAll('-', '');

const LATE = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'instant' };
const HELD_LATE = { ...LATE, approval: 'host' };
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3, approval: 'host' };

async function guidebook(host: Host, extras: unknown[] = [LATE, BASKET], name = 'Harbour Loft'): Promise<Instruction> {
  const { instruction } = await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: name, timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '11:00', extras } });
  return instruction;
}

const addStay = (host: Host, g: Instruction, body: Record<string, unknown>) => host.call(`/api/instruction/${g._id}/stays`, { json: body });

async function stay(host: Host, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  const response = await addStay(host, g, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

async function upcoming(host: Host, g: Instruction): Promise<Stay[]> {
  return (await host.json<StaysPage>(`/api/instruction/${g._id}/stays?group=upcoming&limit=100`)).stays;
}

let guests = 0;
/** A guest's tap, from an address of its own (the per-address limit is not what these tests are about). */
async function ask(token: string, extraId: number, json: unknown = {}): Promise<{ status: number; body: { message: string; order: GuestOrder; checkoutUrl?: string } }> {
  guests += 1;
  const response = await requestFrom(server, `127.0.2.${guests}`, `/api/guest/${token}/extras/${extraId}`, json);
  return { status: response.status, body: JSON.parse(response.body) as { message: string; order: GuestOrder; checkoutUrl?: string } };
}

async function extrasOf(token: string): Promise<GuestExtra[]> {
  return ((await (await server.request(`/api/guest/${token}/extras`)).json()) as { extras: GuestExtra[] }).extras;
}

const orderRow = (id: string) => query<{ status: string; moves_to: number | null; follow_up: string | null; stay_id: string | null; payment_intent_id: string | null }>(server, 'SELECT status, moves_to, follow_up, stay_id, payment_intent_id FROM orders WHERE id = ?', id)[0]!;

const mailTo = (to: string, subject: string | RegExp): Promise<ReceivedMail> => smtp.waitForMail((mail) => mail.envelopeTo.includes(to) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));

/** A Gold host whose Stripe account took charges (its Connect event delivered). */
async function payingHost(): Promise<Host> {
  const host = await signedInHost(server);
  setUserPlan(server, host.id, 'gold');
  await host.json('/api/payouts/onboarding', { method: 'POST', json: {} });
  const accountId = query<{ stripe_account_id: string }>(server, 'SELECT stripe_account_id FROM payout_accounts WHERE team_id = ?', host.id)[0]!.stripe_account_id;
  await standIn.control.completeOnboarding(accountId);
  await expect.poll(async () => (await host.json<{ chargesEnabled: boolean }>('/api/payouts')).chargesEnabled).toBe(true);
  return host;
}

/** A paid order of `extraId` for `token` (charged, or held when the host approves first). */
async function paid(token: string, extraId: number): Promise<GuestOrder> {
  const bought = await ask(token, extraId);
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  await standIn.control.payCheckout(bought.body.checkoutUrl!.split('/').pop()!);
  return bought.body.order;
}

async function intentStatus(orderId: string): Promise<string> {
  const id = orderRow(orderId).payment_intent_id;
  return (await standIn.control.state()).paymentIntents.find((each) => each.id === id)!.status;
}

describe('one property, one stay at a time', () => {
  let host: Host;
  let g: Instruction;
  let dana: Stay;

  beforeAll(async () => {
    host = await signedInHost(server);
    setUserPlan(server, host.id, 'gold');
    g = await guidebook(host);
    dana = await stay(host, g, { guestName: 'Dana', guestEmail: 'dana.meet@example.com', checkIn: `${day(10)}T15:00`, checkOut: `${day(13)}T11:00` });
  });

  it('refuses a stay over another with 409 naming it, and stores nothing', async () => {
    const before = query(server, 'SELECT id FROM stays WHERE instruction_id = ?', g._id).length;
    const response = await addStay(host, g, { guestName: 'Eli', checkIn: `${day(12)}T15:00`, checkOut: `${day(15)}T11:00` });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { message: string; overlaps: Stay['overlaps'] };
    expect(body.message).toMatch(/^These dates overlap Dana’s stay \(\w{3} \d{1,2} \w{3}, 15:00 – \w{3} \d{1,2} \w{3}, 11:00\)\. Change the dates, or add it anyway/);
    expect(body.overlaps).toEqual([{ _id: dana._id, guestName: 'Dana', source: 'manual', checkInAt: `${day(10)}T15:00:00.000Z`, checkOutAt: `${day(13)}T11:00:00.000Z`, lateCheckout: false, earlyCheckin: false }]);
    expect(query(server, 'SELECT id FROM stays WHERE instruction_id = ?', g._id)).toHaveLength(before);
  });

  it('takes a turnover day (out at 11:00, in at 15:00), and refuses a stay arriving before a sold late check-out ends', async () => {
    // Dana buys a late check-out to 14:00 (instant, settled on site): confirmed at once, her stay now ends at 14:00.
    const bought = await ask(dana.token, 11);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({ message: 'Confirmed. An e-mail with the details is on its way.', order: { status: 'approved' } });
    const early = await addStay(host, g, { guestName: 'Fay', checkIn: `${day(13)}T12:00`, checkOut: `${day(15)}T11:00` });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toContain('Dana’s stay');
    expect((await addStay(host, g, { guestName: 'Fay', checkIn: `${day(13)}T12:00`, checkOut: `${day(15)}T11:00` }).then((r) => r.json())) as { overlaps: unknown[] }).toMatchObject({ overlaps: [{ _id: dana._id, lateCheckout: true }] });
    // After it ends, the same day: a turnover, not an overlap.
    await stay(host, g, { guestName: 'Gus', checkIn: `${day(13)}T15:00`, checkOut: `${day(14)}T11:00` });
  });

  it('"Add anyway" adds it, records that the host chose it, and both stays say they overlap', async () => {
    const response = await addStay(host, g, { guestName: 'Hana', checkIn: `${day(11)}T15:00`, checkOut: `${day(12)}T11:00`, allowOverlap: true });
    expect(response.status, await response.clone().text()).toBe(201);
    const { stay: hana } = (await response.json()) as { stay: Stay };
    expect(hana.overlapAcceptedAt).not.toBeNull();
    expect(hana.overlaps.map((each) => each.guestName)).toEqual(['Dana']);
    const listed = await upcoming(host, g);
    expect(listed.find((each) => each._id === dana._id)!.overlaps.map((each) => each.guestName)).toEqual(['Hana']);
    expect(listed.find((each) => each._id === dana._id)!.overlapAcceptedAt).toBeNull();
  });

  it('moving a stay onto another is refused the same way', async () => {
    const ivo = await stay(host, g, { guestName: 'Ivo', checkIn: `${day(30)}T15:00`, checkOut: `${day(32)}T11:00` });
    const moved = await host.call(`/api/instruction/${g._id}/stays/${ivo._id}`, { method: 'PATCH', json: { checkIn: `${day(10)}T15:00`, checkOut: `${day(11)}T11:00` } });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as { message: string }).message).toContain('Dana’s stay');
    expect((await upcoming(host, g)).find((each) => each._id === ivo._id)!.checkIn).toBe(`${day(30)}T15:00`);
    // A change that keeps its dates is no move: its name changes freely.
    expect((await host.call(`/api/instruction/${g._id}/stays/${ivo._id}`, { method: 'PATCH', json: { guestName: 'Ivo K.' } })).status).toBe(200);
  });

  it('of two overlapping stays added at once, one is added and the other refused', async () => {
    const body = (name: string) => ({ guestName: name, checkIn: `${day(40)}T15:00`, checkOut: `${day(42)}T11:00` });
    const answers = await Promise.all([addStay(host, g, body('Jo')), addStay(host, g, body('Kim'))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(query(server, 'SELECT id FROM stays WHERE instruction_id = ? AND check_in = ?', g._id, Date.parse(`${day(40)}T15:00:00Z`))).toHaveLength(1);
  });

  it('a calendar that brings a stay over another keeps it, flags both and tells the host by mail', async () => {
    const cal = await guidebook(host, [], 'Calendar Loft');
    const manual = await stay(host, cal, { guestName: 'Lea', checkIn: `${day(50)}T15:00`, checkOut: `${day(53)}T11:00` });
    const path = '/ical/overlap.ics';
    feed.serve(path, { body: ics([{ uid: 'clash@airbnb.com', start: ymd(52), end: ymd(55), summary: 'Reserved' }]) });
    const saved = await host.call(`/api/instruction/${cal._id}/calendar`, { method: 'PUT', json: { url: feed.url(path) } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const listed = await upcoming(host, cal);
    expect(listed).toHaveLength(2);
    const imported = listed.find((each) => each.source === 'calendar')!;
    expect(imported.overlaps.map((each) => each._id)).toEqual([manual._id]);
    expect(listed.find((each) => each._id === manual._id)!.overlaps.map((each) => each._id)).toEqual([imported._id]);
    const mail = await mailTo(host.email, 'Overlapping stays: Calendar Loft');
    expect(readableParts(mail)).toContain('Lea’s stay');
    expect(readableParts(mail)).toContain(`/dashboard/stays/${cal._id}`);
    expect(CALENDAR_HOST).toBe('calendar.test');
  });
});

describe('an order follows its stay', () => {
  it('an approved late check-out moves with its stay when its slot is free; the guest reads it as confirmed and is told of the move', async () => {
    const host = await signedInHost(server);
    const g = await guidebook(host);
    const ana = await stay(host, g, { guestName: 'Ana', guestEmail: 'ana.follow@example.com', checkIn: `${day(5)}T15:00`, checkOut: `${day(8)}T11:00` });
    const { body } = await ask(ana.token, 11);
    expect(body.order.status).toBe('approved');
    expect((await extrasOf(ana.token)).find((extra) => extra.id === 11)).toMatchObject({ available: false, reason: 'Confirmed for your stay' });

    const moved = await host.call(`/api/instruction/${g._id}/stays/${ana._id}`, { method: 'PATCH', json: { checkIn: `${day(25)}T15:00`, checkOut: `${day(28)}T11:00` } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const answer = (await moved.json()) as { message: string; stay: Stay; orders: { orderId: string; outcome: string }[] };
    expect(answer.message).toBe('Stay updated. Moved with it: Late check-out.');
    expect(answer.stay.checkOut).toBe(`${day(28)}T14:00`);
    expect(answer.orders).toEqual([expect.objectContaining({ orderId: body.order.id, outcome: 'moved', status: 'approved' })]);
    expect(orderRow(body.order.id)).toMatchObject({ status: 'approved', moves_to: Date.parse(`${day(28)}T14:00:00Z`), follow_up: null });
    const mail = await mailTo('ana.follow@example.com', 'Moved with your stay: Late check-out');
    expect(readableParts(mail)).toMatch(/Late check-out \(check-out \w{3} \d{1,2} \w{3}, 14:00\) moved with them/);
    expect((await extrasOf(ana.token)).find((extra) => extra.id === 11)).toMatchObject({ reason: 'Confirmed for your stay' });
  });

  it('a paid late check-out whose new check-out day another guest arrives on is refunded, the stay keeps its booked time, both sides are told, and nothing holds the slot any more', async () => {
    const host = await payingHost();
    const g = await guidebook(host);
    const ben = await stay(host, g, { guestName: 'Ben', guestEmail: 'ben.follow@example.com', checkIn: `${day(5)}T15:00`, checkOut: `${day(8)}T11:00` });
    await stay(host, g, { guestName: 'Cai', checkIn: `${day(28)}T15:00`, checkOut: `${day(30)}T11:00` });
    const order = await paid(ben.token, 11);
    expect(orderRow(order.id).status).toBe('paid');
    expect(await intentStatus(order.id)).toBe('succeeded');

    const moved = await host.call(`/api/instruction/${g._id}/stays/${ben._id}`, { method: 'PATCH', json: { checkIn: `${day(25)}T15:00`, checkOut: `${day(28)}T11:00` } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const answer = (await moved.json()) as { message: string; stay: Stay };
    expect(answer.message).toBe('Stay updated. Not possible on the new dates, so ended and given back: Late check-out. Your guest gets an e-mail.');
    expect(answer.stay.checkOut).toBe(`${day(28)}T11:00`);
    expect(orderRow(order.id)).toMatchObject({ status: 'refunded', follow_up: null });
    const refunds = (await standIn.control.state()).refunds.filter((refund) => refund.metadata?.['orderId'] === order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.transfer_reversal).toBeTruthy();
    expect(readableParts(await mailTo('ben.follow@example.com', 'Not available: Late check-out'))).toContain('The payment of €25 is refunded in full');
    expect(readableParts(await mailTo(host.email, 'Order ended: Late check-out for Harbour Loft'))).toContain('refunded in full');
    // Nothing holds the slot any more: the list says why it cannot be had, not "already requested".
    expect((await extrasOf(ben.token)).find((extra) => extra.id === 11)).toMatchObject({ available: false, reason: 'Another guest arrives that day' });
  });

  it('a stay with orders paid or waiting is deleted only once the host chooses: keep keeps what was paid and releases what waits; refund gives everything back', async () => {
    const host = await payingHost();
    const g = await guidebook(host, [LATE, BASKET]);
    const cleo = await stay(host, g, { guestName: 'Cleo', guestEmail: 'cleo.follow@example.com', checkIn: `${day(5)}T15:00`, checkOut: `${day(8)}T11:00` });
    const late = await paid(cleo.token, 11);
    const basket = await paid(cleo.token, 12);
    expect([orderRow(late.id).status, orderRow(basket.id).status]).toEqual(['paid', 'requested']);
    expect(await intentStatus(basket.id)).toBe('requires_capture');

    const refused = await host.call(`/api/instruction/${g._id}/stays/${cleo._id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    const listed = (await refused.json()) as { message: string; orders: { id: string; status: string; paid: boolean }[] };
    expect(listed.message).toBe('This stay has 2 orders that are paid or waiting: choose to refund them or keep what was paid.');
    expect(listed.orders.map((each) => [each.id, each.status]).sort()).toEqual([[late.id, 'paid'], [basket.id, 'requested']].sort());
    expect((await host.call(`/api/instruction/${g._id}/stays/${cleo._id}?orders=maybe`, { method: 'DELETE' })).status).toBe(400);
    expect(query(server, 'SELECT id FROM stays WHERE id = ?', cleo._id)).toHaveLength(1);

    const kept = await host.call(`/api/instruction/${g._id}/stays/${cleo._id}?orders=keep`, { method: 'DELETE' });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect(await kept.json()).toEqual({ message: 'Stay deleted. Its order was ended, and the guest gets an e-mail.' });
    expect(orderRow(late.id)).toMatchObject({ status: 'paid', stay_id: null });
    expect(orderRow(basket.id)).toMatchObject({ status: 'declined', follow_up: null });
    // Orders says the stay went (not "public link"), the paid one still the host's.
    const listed2 = (await host.json<{ orders: { id: string; stayId: string | null; stayRemoved: boolean; status: string }[] }>(`/api/orders?guidebook=${g._id}`)).orders;
    expect(listed2.find((each) => each.id === late.id)).toMatchObject({ stayId: null, stayRemoved: true, status: 'paid' });
    expect(await intentStatus(late.id)).toBe('succeeded');
    expect(await intentStatus(basket.id)).toBe('canceled');
    expect(readableParts(await mailTo('cleo.follow@example.com', 'Not available: Breakfast basket'))).toContain('The hold on your card is released; nothing is charged.');

    const dan = await stay(host, g, { guestName: 'Dan', guestEmail: 'dan.follow@example.com', checkIn: `${day(15)}T15:00`, checkOut: `${day(18)}T11:00` });
    const danLate = await paid(dan.token, 11);
    const refunded = await host.call(`/api/instruction/${g._id}/stays/${dan._id}?orders=refund`, { method: 'DELETE' });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(orderRow(danLate.id)).toMatchObject({ status: 'refunded', stay_id: null });
    expect(await intentStatus(danLate.id)).toBe('succeeded');
    expect((await standIn.control.state()).refunds.filter((refund) => refund.metadata?.['orderId'] === danLate.id)).toHaveLength(1);
    expect(readableParts(await mailTo('dan.follow@example.com', 'Not available: Late check-out'))).toContain('was cancelled');
  });

  it('the calendar moving a booking moves its late check-out; cancelling it refunds it', async () => {
    const host = await payingHost();
    const g = await guidebook(host);
    const path = `/ical/follow-${host.id}.ics`;
    feed.serve(path, { body: ics([{ uid: 'moving@airbnb.com', start: ymd(5), end: ymd(8), summary: 'Reserved' }]) });
    expect((await host.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: feed.url(path) } })).status).toBe(200);
    const [booked] = await upcoming(host, g);
    const order = await paid(booked!.token, 11);
    expect((await upcoming(host, g))[0]!.checkOut).toBe(`${day(8)}T14:00`);

    feed.serve(path, { body: ics([{ uid: 'moving@airbnb.com', start: ymd(15), end: ymd(18), summary: 'Reserved' }]) });
    expect((await host.call(`/api/instruction/${g._id}/calendar`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await upcoming(host, g))[0]!.checkOut).toBe(`${day(18)}T14:00`);
    expect(orderRow(order.id)).toMatchObject({ status: 'paid', moves_to: Date.parse(`${day(18)}T14:00:00Z`), follow_up: null });

    feed.serve(path, { body: ics([]) });
    expect((await host.call(`/api/instruction/${g._id}/calendar`, { method: 'POST', json: {} })).status).toBe(200);
    expect(await upcoming(host, g)).toEqual([]);
    expect(orderRow(order.id)).toMatchObject({ status: 'refunded', stay_id: null, follow_up: null });
    expect((await standIn.control.state()).refunds.filter((refund) => refund.metadata?.['orderId'] === order.id)).toHaveLength(1);
    await mailTo(host.email, 'Order ended: Late check-out for Harbour Loft');
  });
});

describe('one decision per order (docs/security.md 38)', () => {
  it('Approve from the mail and Decline in the dashboard at once, six times: one wins with its money, the other is told what it is now, the guest gets one mail', async () => {
    const host = await payingHost();
    const g = await guidebook(host, [HELD_LATE]);
    for (let round = 0; round < 6; round += 1) {
      const guest = `race${round}.${host.id.slice(0, 6)}@example.com`;
      const s = await stay(host, g, { guestName: `Race ${round}`, guestEmail: guest, checkIn: `${day(5 + round * 4)}T15:00`, checkOut: `${day(7 + round * 4)}T11:00` });
      const order = await paid(s.token, 11);
      expect(orderRow(order.id).status).toBe('requested');
      const mail = await smtp.waitForMail((each) => each.envelopeTo.includes(host.email) && readableParts(each).includes(`/orders/${order.id}/approve?token=`));
      const token = new RegExp(`/orders/${order.id}/approve\\?token=([\\w-]+)`).exec(readableParts(mail))![1]!;
      const pressApprove = () => server.request(`/api/orders/${order.id}/decide`, { method: 'POST', json: { token, decision: 'approve' } });
      const clickDecline = () => host.call(`/api/orders/${order.id}`, { method: 'PATCH', json: { decision: 'decline' } });
      const answers = await Promise.all(round % 2 ? [pressApprove(), clickDecline()] : [clickDecline(), pressApprove()]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const final = orderRow(order.id).status;
      expect(['approved', 'declined'], `round ${round}`).toContain(final);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(((await loser.json()) as { message: string }).message).toMatch(new RegExp(`^This order was already ${final} on `));
      expect(await intentStatus(order.id)).toBe(final === 'approved' ? 'succeeded' : 'canceled');
      await mailTo(guest, final === 'approved' ? 'Confirmed: Late check-out' : 'Not available: Late check-out');
    }
    // Each round mailed its guest exactly one answer.
    const answersMailed = query<{ to_address: string }>(server, "SELECT to_address FROM outbox WHERE to_address LIKE 'race%' AND (subject = 'Confirmed: Late check-out' OR subject = 'Not available: Late check-out')");
    expect(answersMailed).toHaveLength(6);
  });

  it('six decisions at once: one wins, five are told', async () => {
    const host = await payingHost();
    const g = await guidebook(host, [HELD_LATE]);
    const s = await stay(host, g, { guestName: 'Six', guestEmail: `six.${host.id.slice(0, 6)}@example.com`, checkIn: `${day(5)}T15:00`, checkOut: `${day(7)}T11:00` });
    const order = await paid(s.token, 11);
    const answers = await Promise.all(['approve', 'decline', 'approve', 'decline', 'approve', 'decline'].map((decision) => host.call(`/api/orders/${order.id}`, { method: 'PATCH', json: { decision } })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    const final = orderRow(order.id).status;
    expect(await intentStatus(order.id)).toBe(final === 'approved' ? 'succeeded' : 'canceled');
    for (const answer of answers.filter((each) => each.status === 409)) expect(((await answer.json()) as { message: string }).message).toMatch(new RegExp(`^This order was already ${final} on `));
  });
});

describe('one mail budget per address and per host (docs/security.md 37)', () => {
  it('40 stays with a stranger’s address, a reminder on and the stay links sent: at most 5 mails reach it, whatever route queued them', async () => {
    const host = await signedInHost(server);
    setUserPlan(server, host.id, 'gold');
    const victim = `victim.${host.id.slice(0, 6)}@example.com`;
    const { instruction: g } = await host.json<{ instruction: Instruction }>('/api/instruction', {
      json: { nameInstruction: 'FREE PRIZE: claim at spam.example', timeZone: 'UTC', arrivalReminder: { enabled: true, hoursBefore: 48 }, extras: [{ ...BASKET, approval: 'instant', price: 0 }] },
    });
    const made: Stay[] = [];
    for (let i = 0; i < 40; i += 1) {
      const hour = new Date(Date.now() + 20 * 3_600_000 + i * 60_000);
      const at = hour.toISOString().slice(0, 16);
      const out = new Date(hour.getTime() + DAY).toISOString().slice(0, 16);
      made.push(await stay(host, g, { guestEmail: i < 30 ? victim : `other${i}.${host.id.slice(0, 6)}@example.com`, checkIn: at, checkOut: out, allowOverlap: true }));
    }
    // The links sent by hand, then orders from the stays' links: each a mail to the victim.
    const sent = [];
    for (const each of made.slice(0, 8)) sent.push((await host.call(`/api/instruction/${g._id}/stays/${each._id}/send`, { method: 'POST', json: {} })).status);
    expect(sent.filter((status) => status === 200)).toHaveLength(5);
    expect(sent.filter((status) => status === 429)).toHaveLength(3);
    for (const each of made.slice(10, 14)) expect((await ask(each.token, 12)).status).toBe(201);
    // The reminders' turn (at start, on a server of the same database) finds the victim's budget spent.
    const second = await startServer({ NODE_ENV: 'test', SMTP_URL: smtp.url, DATA_DIR: server.dataDir });
    try {
      await expect.poll(() => query(server, "SELECT id FROM stays WHERE instruction_id = ? AND reminder_sent_at IS NOT NULL AND guest_email != ''", g._id).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
    } finally {
      await second.stop();
    }
    const toVictim = query<{ subject: string }>(server, 'SELECT subject FROM outbox WHERE to_address = ?', victim);
    expect(toVictim).toHaveLength(5);
    // The other addresses got their reminders.
    expect(query(server, "SELECT id FROM outbox WHERE to_address LIKE 'other%' AND subject LIKE 'Before you arrive%'").length).toBeGreaterThanOrEqual(10);
  });

  it('a host past its daily cap sends no more guest mails, and the link route says so', async () => {
    const host = await signedInHost(server);
    setUserPlan(server, host.id, 'gold');
    const g = await guidebook(host);
    const s = await stay(host, g, { guestName: 'Capped', guestEmail: `capped.${host.id.slice(0, 6)}@example.com`, checkIn: `${day(60)}T15:00`, checkOut: `${day(62)}T11:00` });
    run(server, 'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)', `guest-mail:host:${host.id}`, 200, Date.now() + DAY);
    const refused = await host.call(`/api/instruction/${g._id}/stays/${s._id}/send`, { method: 'POST', json: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(query(server, 'SELECT id FROM outbox WHERE to_address = ?', `capped.${host.id.slice(0, 6)}@example.com`)).toHaveLength(0);
  });
});
