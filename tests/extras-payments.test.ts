import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { GuestExtra, GuestOrder, Order } from '../src/lib/shared/schemas/order.ts';
import type { PayoutState } from '../src/lib/shared/payouts.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { outboxSent, query, requestFrom, run, setUserPlan, withCookie } from './helpers/auth.ts';
import { signedInHost, startAppStripeStandIn, stripeEnv, WEBHOOK_SECRET, type Host } from './helpers/billing.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';

/**
 * Paid extras (docs/decisions/020-extras-and-the-money-flow.md, the money flow), over real HTTP
 * against the Stripe stand-in and a real SMTP server: a guest on a stay link is sent to Checkout,
 * the stand-in's payment sends the platform's signed events to the server's webhook, and the money
 * (destination, fee, capture, release, refund) is read back from the stand-in's state. Stays are
 * set relative to the real clock (days ahead), never slept through.
 */
let standIn: StripeStandIn;
let smtp: TestSmtpServer;
let server: TestServer;
let env: Record<string, string>;

const FEE_PERCENT = 10;

async function startApp(dataDir?: string): Promise<void> {
  server = await startServer({ ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  standIn.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  standIn.setConnectWebhookUrl(`${server.url}/api/stripe/connect-webhook`);
}

beforeAll(async () => {
  [standIn, smtp] = await Promise.all([startAppStripeStandIn(), startSmtpServer()]);
  env = { NODE_ENV: 'test', ...stripeEnv(standIn.url), SMTP_URL: smtp.url, PLATFORM_FEE_PERCENT: String(FEE_PERCENT) };
  await startApp();
});

afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
  await smtp?.close();
});

const DAY = 86_400_000;
/** "YYYY-MM-DD", `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const LATE = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'host' };
const BREAKFAST = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3 };
const BIKES = { id: 13, kind: 'item', title: 'Bikes', price: 0 };

/** A Gold host whose Stripe account went through onboarding (charges enabled, its Connect event delivered). */
async function payingHost(): Promise<{ host: Host; accountId: string }> {
  const host = await signedInHost(server);
  setUserPlan(server, host.id, 'gold');
  await host.json('/api/payouts/onboarding', { method: 'POST', json: {} });
  const accountId = accountOf(host);
  await standIn.control.completeOnboarding(accountId);
  await expect.poll(async () => (await host.json<PayoutState>('/api/payouts')).chargesEnabled).toBe(true);
  return { host, accountId };
}

const accountOf = (host: Host) => query<{ stripe_account_id: string }>(server, 'SELECT stripe_account_id FROM payout_accounts WHERE team_id = ?', host.id)[0]!.stripe_account_id;

async function guidebook(host: Host, extras: unknown[] = [LATE, BREAKFAST, BIKES]): Promise<Instruction> {
  const { instruction } = await host.json<{ instruction: Instruction }>('/api/instruction', {
    json: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '10:00', extras },
  });
  return instruction;
}

async function addStay(host: Host, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  return (await host.json<{ stay: Stay }>(`/api/instruction/${g._id}/stays`, { json: body })).stay;
}

interface Bought {
  status: number;
  body: { message: string; order: GuestOrder; checkoutUrl?: string };
}

/** Guests' taps come from addresses of their own (127.0.1.n): the per-address limit is not what these tests are about. */
let guests = 0;

async function buy(token: string, extraId: number, json: unknown = {}): Promise<Bought> {
  guests += 1;
  const response = await requestFrom(server, `127.0.1.${guests}`, `/api/guest/${token}/extras/${extraId}`, json);
  return { status: response.status, body: JSON.parse(response.body) as Bought['body'] };
}

/** A purchase that reaches Checkout: the order and its session's id. */
async function checkout(token: string, extraId: number, json: unknown = {}): Promise<{ order: GuestOrder; sessionId: string }> {
  const bought = await buy(token, extraId, json);
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  expect(bought.body.checkoutUrl).toMatch(new RegExp(`^${standIn.url}/checkout/cs_test_`));
  return { order: bought.body.order, sessionId: bought.body.checkoutUrl!.split('/').pop()! };
}

interface OrderRow {
  status: string;
  amount: number;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  guest_email: string;
}

/** The order's lines in its team's activity (docs/decisions/028-teams.md §9), oldest first: who moved it, and how. */
const activityOf = (id: string) =>
  query<{ actor: string; actor_user_id: string | null; action: string; details: string }>(server, 'SELECT actor, actor_user_id, action, details FROM team_activity WHERE subject_id = ? ORDER BY id', id).map((row) => ({ ...row, details: JSON.parse(row.details) as unknown }));
const orderRow = (id: string) => query<OrderRow>(server, 'SELECT status, amount, checkout_session_id, payment_intent_id, guest_email FROM orders WHERE id = ?', id)[0]!;

async function intentOf(orderId: string): Promise<Stripe.PaymentIntent> {
  const id = orderRow(orderId).payment_intent_id;
  const intent = (await standIn.control.state()).paymentIntents.find((each) => each.id === id);
  if (!intent) throw new Error(`no PaymentIntent for order ${orderId}`);
  return intent;
}

async function ordersOf(host: Host, g: Instruction): Promise<Order[]> {
  return (await host.json<{ orders: Order[] }>(`/api/orders?guidebook=${g._id}`)).orders;
}

async function extrasOf(token: string): Promise<GuestExtra[]> {
  return ((await (await server.request(`/api/guest/${token}/extras`)).json()) as { extras: GuestExtra[] }).extras;
}

const decide = (host: Host, orderId: string, decision: string) => host.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision } });

/** The token of the Approve and Decline links in the host's mail about `orderId`. */
async function linkTokenOf(host: Host, orderId: string): Promise<string> {
  const mail = await smtp.waitForMail((each) => each.envelopeTo.includes(host.email) && readableParts(each).includes(`/orders/${orderId}/approve?token=`));
  return new RegExp(`/orders/${orderId}/approve\\?token=([\\w-]+)`).exec(readableParts(mail))![1]!;
}

/** The page's button, as the host's browser sends it: our Origin, no session. */
const pressLink = (orderId: string, token: string, decision: string) => server.request(`/api/orders/${orderId}/decide`, { method: 'POST', json: { token, decision } });

const mailsTo = (to: string, subject: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(to) && mail.subject === subject);
const mailTo = (to: string, subject: string): Promise<ReceivedMail> => smtp.waitForMail((mail) => mail.envelopeTo.includes(to) && mail.subject === subject);

async function checkOutOf(host: Host, g: Instruction, stay: Stay): Promise<string> {
  const page = await host.json<StaysPage>(`/api/instruction/${g._id}/stays?group=upcoming`);
  return page.stays.find((each) => each._id === stay._id)!.checkOut;
}

describe('a guest pays for an extra', () => {
  it('an instant extra: Checkout at the guidebook’s price, the money to the host’s account minus the fee, paid, a receipt', async () => {
    const { host, accountId } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Ana Horvat', guestEmail: 'ana.pay@example.com', checkIn: day(3), checkOut: day(6) });
    await standIn.control.resetCalls();

    // Whatever the body says of prices, the guidebook's is charged.
    const bought = await buy(stay.token, 12, { quantity: 2, price: 1, amount: 1, currency: 'usd' });
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({ message: messages.orders.toPayment, order: { extraId: 12, amount: 3600, currency: 'eur', quantity: 2, status: 'awaiting_payment' } });
    const { order } = bought.body;
    const sessionId = bought.body.checkoutUrl!.split('/').pop()!;
    expect(orderRow(order.id)).toMatchObject({ status: 'awaiting_payment', checkout_session_id: sessionId, amount: 3600 });

    const session = (await standIn.control.state()).checkoutSessions.find((each) => each.id === sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 3600,
      currency: 'eur',
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      customer_email: 'ana.pay@example.com',
      success_url: `${server.origin}/stay/${stay.token}?order=${order.id}#extras`,
      cancel_url: `${server.origin}/stay/${stay.token}#extras`,
    });
    const create = (await standIn.control.calls()).find((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions')!;
    expect(create.idempotencyKey).toBe(`order-checkout:${order.id}`);
    expect(create.params).toMatchObject({
      payment_intent_data: { transfer_data: { destination: accountId }, application_fee_amount: '360', capture_method: 'automatic', metadata: { orderId: order.id } },
    });

    const { deliveries } = await standIn.control.payCheckout(sessionId);
    expect(deliveries.find((delivery) => delivery.type === 'checkout.session.completed')?.status).toBe(200);
    expect(orderRow(order.id).status).toBe('paid');
    const intent = await intentOf(order.id);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 3600, transfer_data: { destination: accountId }, application_fee_amount: 360 });
    const state = await standIn.control.state();
    const charge = state.charges.find((each) => each.payment_intent === intent.id)!;
    expect(charge.transfer).toBeTruthy();
    expect(state.applicationFees.find((fee) => fee.charge === charge.id)).toMatchObject({ amount: 360, account: accountId });

    const receipt = await mailTo('ana.pay@example.com', 'Receipt: Breakfast basket');
    expect(readableParts(receipt)).toContain('You paid €36');
    const toHost = await mailTo(host.email, 'New order: Breakfast basket for Harbour Loft');
    expect(readableParts(toHost)).toContain('paid online');
    expect((await ordersOf(host, g)).find((each) => each.id === order.id)).toMatchObject({ status: 'paid', paid: true, amount: 3600 });

    // The host refunds it: the transfer is reversed and the fee given back; a second refund answers 409.
    const refund = await host.call(`/api/orders/${order.id}/refund`, { method: 'POST', json: {} });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await refund.json()).toMatchObject({ message: messages.orders.refunded, order: { status: 'refunded' } });
    const after = await standIn.control.state();
    const refunds = after.refunds.filter((each) => each.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 3600 });
    expect(refunds[0]!.transfer_reversal).toBeTruthy();
    expect(after.applicationFees.find((fee) => fee.charge === charge.id)).toMatchObject({ refunded: true, amount_refunded: 360 });
    await mailTo('ana.pay@example.com', 'Refunded: Breakfast basket');
    const again = await host.call(`/api/orders/${order.id}/refund`, { method: 'POST', json: {} });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/^This order was refunded on /);
    // Stripe's payment and the host's refund, each a line with its actor.
    expect(activityOf(order.id)).toEqual([
      { actor: 'stripe', actor_user_id: null, action: 'order.moved', details: { title: 'Breakfast basket', event: 'payment-taken', from: 'awaiting_payment', to: 'paid', guidebookName: 'Harbour Loft' } },
      { actor: 'member', actor_user_id: host.id, action: 'order.refunded', details: { title: 'Breakfast basket', amount: 3600, currency: 'eur', from: 'paid', guidebookName: 'Harbour Loft' } },
    ]);
  });

  it('a late check-out with the host’s approval: the card is held, Approve captures it and moves the stay', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Ben', guestEmail: 'ben.pay@example.com', checkIn: day(3), checkOut: day(6) });
    await standIn.control.resetCalls();
    const { order, sessionId } = await checkout(stay.token, 11);
    const create = (await standIn.control.calls()).find((call) => call.path === '/v1/checkout/sessions')!;
    expect(create.params).toMatchObject({ allowed_payment_method_types: ['card'], payment_intent_data: { capture_method: 'manual', application_fee_amount: '250' } });

    await standIn.control.payCheckout(sessionId);
    expect(orderRow(order.id).status).toBe('requested');
    expect((await intentOf(order.id)).status).toBe('requires_capture');
    expect(readableParts(await mailTo(host.email, 'New request: Late check-out for Harbour Loft'))).toContain('within 72 hours');
    expect(readableParts(await mailTo('ben.pay@example.com', 'Your request: Late check-out'))).toContain('charged only if your host confirms');
    expect(await checkOutOf(host, g, stay)).toBe(`${day(6)}T10:00`);

    const approve = await decide(host, order.id, 'approve');
    expect(approve.status, await approve.clone().text()).toBe(200);
    expect(await approve.json()).toMatchObject({ message: messages.orders.approvedPaid, order: { status: 'approved', paid: true } });
    expect((await intentOf(order.id)).status).toBe('succeeded');
    const capture = (await standIn.control.calls()).find((call) => call.path.endsWith('/capture'))!;
    expect(capture.idempotencyKey).toBe(`order-capture:${order.id}`);
    expect(await checkOutOf(host, g, stay)).toBe(`${day(6)}T14:00`);
    expect(readableParts(await mailTo('ben.pay@example.com', 'Confirmed: Late check-out'))).toContain('Your card was charged €25');
    expect((await decide(host, order.id, 'decline')).status).toBe(409);

    // Refunded, the late check-out gives its time back: the stay is at its booked check-out again.
    const refund = await host.call(`/api/orders/${order.id}/refund`, { method: 'POST', json: {} });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await checkOutOf(host, g, stay)).toBe(`${day(6)}T10:00`);
    expect(readableParts(await mailTo('ben.pay@example.com', 'Refunded: Late check-out'))).toContain('Your check-out is back at its booked time.');
  });

  it('Approve from the mail’s link captures the hold like the dashboard, and the link is spent', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Bea', guestEmail: 'bea.pay@example.com', checkIn: day(3), checkOut: day(6) });
    const { order, sessionId } = await checkout(stay.token, 11);
    // Paying starts the wait for the host: no link before that.
    expect(query<{ decision_token_hash: string | null }>(server, 'SELECT decision_token_hash FROM orders WHERE id = ?', order.id)[0]!.decision_token_hash).toBeNull();
    await standIn.control.payCheckout(sessionId);
    const token = await linkTokenOf(host, order.id);
    const page = await server.request(`/orders/${order.id}/approve?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Card held: charged when you approve');
    expect((await intentOf(order.id)).status).toBe('requires_capture');

    await standIn.control.resetCalls();
    const approve = await pressLink(order.id, token, 'approve');
    expect(approve.status, await approve.clone().text()).toBe(200);
    expect(await approve.json()).toEqual({ message: messages.orders.approvedPaid, order: { id: order.id, status: 'approved' } });
    expect((await intentOf(order.id)).status).toBe('succeeded');
    expect((await standIn.control.calls()).find((call) => call.path.endsWith('/capture'))!.idempotencyKey).toBe(`order-capture:${order.id}`);
    expect(await checkOutOf(host, g, stay)).toBe(`${day(6)}T14:00`);
    expect(readableParts(await mailTo('bea.pay@example.com', 'Confirmed: Late check-out'))).toContain('Your card was charged €25');
    const again = await pressLink(order.id, token, 'decline');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/^This order was already approved on /);
    expect((await intentOf(order.id)).status).toBe('succeeded');
  });

  it('Decline releases the hold: nothing is charged and the slot is free again', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Cleo', guestEmail: 'cleo.pay@example.com', checkIn: day(3), checkOut: day(6) });
    const { order, sessionId } = await checkout(stay.token, 11);
    await standIn.control.payCheckout(sessionId);
    const decline = await decide(host, order.id, 'decline');
    expect(decline.status).toBe(200);
    expect(await decline.json()).toMatchObject({ message: messages.orders.declinedPaid, order: { status: 'declined' } });
    expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(readableParts(await mailTo('cleo.pay@example.com', 'Not available: Late check-out'))).toContain('hold on your card is released');
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 11)).toMatchObject({ available: true });
    expect(await checkOutOf(host, g, stay)).toBe(`${day(6)}T10:00`);
  });

  it('a session that expires unpaid cancels the order and frees the slot', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Dora', checkIn: day(3), checkOut: day(6) });
    const { order, sessionId } = await checkout(stay.token, 11);
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 11)).toMatchObject({ available: false });
    await standIn.control.expireCheckout(sessionId);
    expect(orderRow(order.id).status).toBe('cancelled');
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 11)).toMatchObject({ available: true });
    // Never paid, never shown to the host: no line in the team's activity either.
    expect(activityOf(order.id)).toEqual([]);
  });
});

describe('asking again', () => {
  it('a guest back from Checkout without paying gets a new checkout; the earlier one is expired and its order cancelled', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Pia', checkIn: day(3), checkOut: day(6) });
    const first = await checkout(stay.token, 11);
    const second = await checkout(stay.token, 11);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await standIn.control.state()).checkoutSessions.find((each) => each.id === first.sessionId)?.status).toBe('expired');
    expect(orderRow(first.order.id).status).toBe('cancelled');
    expect(await ordersOf(host, g)).toEqual([]);
    await standIn.control.payCheckout(second.sessionId);
    expect(orderRow(second.order.id).status).toBe('requested');
    expect((await ordersOf(host, g)).map((each) => [each.id, each.status, each.paid])).toEqual([[second.order.id, 'requested', true]]);
    // Paid and waiting for the host: a third tap is refused, and nothing is expired.
    const third = await buy(stay.token, 11);
    expect(third.status).toBe(409);
    expect(orderRow(second.order.id).status).toBe('requested');
  });

  it('an item is sold up to its most per stay, counting the quantities paid for and asked for', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Quin', checkIn: day(3), checkOut: day(6) });
    const paid = await checkout(stay.token, 12, { quantity: 2 });
    await standIn.control.payCheckout(paid.sessionId);
    expect(orderRow(paid.order.id).status).toBe('paid');
    expect((await buy(stay.token, 12, { quantity: 2 })).status).toBe(409);
    const one = await checkout(stay.token, 12, { quantity: 1 });
    expect(one.order).toMatchObject({ quantity: 1, amount: 1800 });
  });
});

describe('on a guidebook’s public link (docs/decisions/020, public-link orders)', () => {
  it('an item: Checkout with the guest’s e-mail, the money to the host’s account, back to the public page; paid after the webhook; a receipt', async () => {
    const host = await signedInHost(server);
    setUserPlan(server, host.id, 'gold');
    const g = (await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', extras: [LATE, BREAKFAST], extrasOnPublicLink: true } })).instruction;
    const publicPage = async () => (await server.request(`/instruction/${g.token}`)).text();
    await expect.poll(publicPage).toContain('Ask for any of these: you get an e-mail as soon as each is confirmed');
    // The published page says whether extras are paid by card (decided as it is rendered): the
    // account starting to take charges renders it again.
    await host.json('/api/payouts/onboarding', { method: 'POST', json: {} });
    const accountId = accountOf(host);
    await standIn.control.completeOnboarding(accountId);
    await expect.poll(publicPage).toContain('Buy any of these online by card');
    await standIn.control.resetCalls();

    // The guest proves the address first (docs/security.md 37): the mail's link goes on to Checkout.
    const asked = await buy(g.token, 12, { quantity: 2, guestName: 'Mia Public', guestEmail: 'mia.public@example.com', price: 1, amount: 1 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(await standIn.control.calls()).toEqual([]);
    const link = new URL(readableParts(await mailTo('mia.public@example.com', 'Please confirm your request: Breakfast basket')).match(/https?:\/\/\S+\/confirm\/[\w-]+\?token=[\w-]+/)![0]);
    const confirmed = await server.request(`/api/order-confirmations/${link.pathname.split('/').pop()!}`, { method: 'POST', json: { token: link.searchParams.get('token') } });
    const bought = { status: confirmed.status, body: (await confirmed.json()) as Bought['body'] };
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({ message: messages.orders.toPayment, order: { amount: 3600, status: 'awaiting_payment' } });
    const { order } = bought.body;
    const sessionId = bought.body.checkoutUrl!.split('/').pop()!;
    const session = (await standIn.control.state()).checkoutSessions.find((each) => each.id === sessionId)!;
    expect(session).toMatchObject({
      amount_total: 3600,
      customer_email: 'mia.public@example.com',
      success_url: `${server.origin}/instruction/${g.token}?order=${order.id}#extras`,
      cancel_url: `${server.origin}/instruction/${g.token}#extras`,
    });
    const create = (await standIn.control.calls()).find((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions')!;
    expect(create.params).toMatchObject({ payment_intent_data: { transfer_data: { destination: accountId }, application_fee_amount: '360' } });

    await standIn.control.payCheckout(sessionId);
    expect(orderRow(order.id)).toMatchObject({ status: 'paid', amount: 3600, guest_email: 'mia.public@example.com' });
    expect(await intentOf(order.id)).toMatchObject({ status: 'succeeded', amount: 3600, transfer_data: { destination: accountId } });
    expect((await ordersOf(host, g)).find((each) => each.id === order.id)).toMatchObject({ status: 'paid', paid: true, stayId: null, guestName: 'Mia Public' });
    expect(readableParts(await mailTo('mia.public@example.com', 'Receipt: Breakfast basket'))).toContain('You paid €36');
    const toHost = await mailTo(host.email, 'New order: Breakfast basket for Harbour Loft');
    expect(toHost.headers['reply-to']).toContain('mia.public@example.com');

    // A late check-out is never sold there, paid or not.
    const late = await buy(g.token, 11, { guestName: 'Mia Public', guestEmail: 'mia.public@example.com' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: messages.orders.needsStay });
  });
});

describe('the platform’s webhook for orders', () => {
  it('refuses a bad signature (400) and processes a replayed event once', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Eli', guestEmail: 'eli.pay@example.com', checkIn: day(3), checkOut: day(6) });
    const { order, sessionId } = await checkout(stay.token, 12);
    await standIn.control.setWebhook({ hold: true });
    try {
      await standIn.control.payCheckout(sessionId);
    } finally {
      await standIn.control.setWebhook({ hold: false });
    }
    const completed = (await standIn.control.events('checkout.session.completed')).find((event) => (event.data.object as { id: string }).id === sessionId)!;
    for (const mode of ['wrong-secret', 'stale', 'tampered'] as const) expect((await standIn.control.deliverEvent(completed.id, mode)).status, mode).toBe(400);
    expect(orderRow(order.id).status).toBe('awaiting_payment');

    const first = await standIn.control.deliverEvent(completed.id);
    expect([first.status, JSON.parse(first.body)]).toEqual([200, { received: true, outcome: 'synced' }]);
    const second = await standIn.control.deliverEvent(completed.id);
    expect([second.status, JSON.parse(second.body)]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect(orderRow(order.id).status).toBe('paid');
    await mailTo('eli.pay@example.com', 'Receipt: Breakfast basket');
    await outboxSent(server);
    expect(mailsTo('eli.pay@example.com', 'Receipt: Breakfast basket')).toHaveLength(1);
  });

  it('acknowledges a signed event about a session Stripe does not know, and acts on nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown_session_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_nosuchsession', object: 'checkout.session', mode: 'payment', metadata: { orderId: 'nosuchorder' } } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('a completed event before the session id was stored, delivered twice at once, reaches the same state', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Fay', guestEmail: 'fay.pay@example.com', checkIn: day(3), checkOut: day(6) });
    const { order, sessionId } = await checkout(stay.token, 12);
    // As if Stripe's event overtook our write of the session id.
    run(server, 'UPDATE orders SET checkout_session_id = NULL WHERE id = ?', order.id);
    await standIn.control.setWebhook({ hold: true });
    try {
      await standIn.control.payCheckout(sessionId);
    } finally {
      await standIn.control.setWebhook({ hold: false });
    }
    const held = await standIn.control.events();
    const own = held.filter((event) => JSON.stringify(event.data.object).includes(sessionId) || JSON.stringify(event.data.object).includes(order.id));
    const completed = own.find((event) => event.type === 'checkout.session.completed')!;
    // Out of order: the completion first, twice at once, then the earlier payment events.
    const answers = await Promise.all([standIn.control.deliverEvent(completed.id), standIn.control.deliverEvent(completed.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const event of own.filter((each) => each.id !== completed.id)) expect((await standIn.control.deliverEvent(event.id)).status).toBe(200);
    expect(orderRow(order.id)).toMatchObject({ status: 'paid', checkout_session_id: sessionId });
    await mailTo('fay.pay@example.com', 'Receipt: Breakfast basket');
    await outboxSent(server);
    expect(mailsTo('fay.pay@example.com', 'Receipt: Breakfast basket')).toHaveLength(1);
    expect((await standIn.control.state()).refunds.filter((refund) => refund.payment_intent === orderRow(order.id).payment_intent_id)).toEqual([]);
  });
});

describe('a slot taken while the guest pays', () => {
  it('an instant late check-out paid after a booking arrived that day is refunded at once, and both sides are told', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host, [{ ...LATE, approval: 'instant' }]);
    const stay = await addStay(host, g, { guestName: 'Gus', guestEmail: 'gus.pay@example.com', checkIn: day(10), checkOut: day(12) });
    const { order, sessionId } = await checkout(stay.token, 11);
    await addStay(host, g, { guestName: 'Late booker', checkIn: day(12), checkOut: day(14) });
    await standIn.control.payCheckout(sessionId);
    expect(orderRow(order.id).status).toBe('refunded');
    const intent = await intentOf(order.id);
    const state = await standIn.control.state();
    const refund = state.refunds.find((each) => each.payment_intent === intent.id)!;
    expect(refund).toMatchObject({ amount: 2500 });
    expect(refund.transfer_reversal).toBeTruthy();
    const charge = state.charges.find((each) => each.payment_intent === intent.id)!;
    expect(state.applicationFees.find((fee) => fee.charge === charge.id)).toMatchObject({ refunded: true });
    expect(await checkOutOf(host, g, stay)).toBe(`${day(12)}T10:00`);
    expect(readableParts(await mailTo('gus.pay@example.com', 'Not available: Late check-out'))).toContain('refunded in full');
    await mailTo(host.email, 'Order not taken: Late check-out for Harbour Loft');
  });

  it('a held late check-out whose slot went meanwhile is released, not charged', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Hal', guestEmail: 'hal.pay@example.com', checkIn: day(10), checkOut: day(12) });
    const { order, sessionId } = await checkout(stay.token, 11);
    await addStay(host, g, { guestName: 'Late booker', checkIn: day(12), checkOut: day(14) });
    await standIn.control.payCheckout(sessionId);
    expect(orderRow(order.id).status).toBe('cancelled');
    expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(readableParts(await mailTo('hal.pay@example.com', 'Not available: Late check-out'))).toContain('nothing is charged');
  });
});

describe('a slot taken while the host decides', () => {
  it('Approve answers 409 before charging anything; Decline then releases the hold', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Rae', guestEmail: 'rae.pay@example.com', checkIn: day(10), checkOut: day(12) });
    const { order, sessionId } = await checkout(stay.token, 11);
    await standIn.control.payCheckout(sessionId);
    await addStay(host, g, { guestName: 'Late booker', checkIn: day(12), checkOut: day(14) });
    await standIn.control.resetCalls();
    const approve = await decide(host, order.id, 'approve');
    expect(approve.status).toBe(409);
    expect(await approve.json()).toEqual({ message: messages.orders.slotTaken });
    expect((await standIn.control.calls()).filter((call) => call.path.endsWith('/capture'))).toEqual([]);
    expect(await intentOf(order.id)).toMatchObject({ status: 'requires_capture' });
    expect(orderRow(order.id).status).toBe('requested');
    expect((await decide(host, order.id, 'decline')).status).toBe(200);
    expect((await intentOf(order.id)).status).toBe('canceled');
  });
});

describe('when an extra stays a request', () => {
  it('a Free host, a host whose account cannot take charges, and a free extra get no checkoutUrl', async () => {
    // Free, with an account Stripe would take charges on: still requests (a Gold and Premium feature).
    const { host: free, accountId } = await payingHost();
    setUserPlan(server, free.id, 'free');
    expect(accountId).toBeTruthy();
    const freeBook = await guidebook(free);
    const freeStay = await addStay(free, freeBook, { guestName: 'Ivy', checkIn: day(3), checkOut: day(6) });
    // An instant extra settled on site is confirmed at once (docs/product/extras-and-orders.md).
    const asked = await buy(freeStay.token, 12);
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ message: 'Confirmed. An e-mail with the details is on its way.', order: expect.objectContaining({ status: 'approved', amount: 1800 }) });

    // Gold, onboarding not finished.
    const gold = await signedInHost(server);
    setUserPlan(server, gold.id, 'gold');
    await gold.json('/api/payouts/onboarding', { method: 'POST', json: {} });
    const goldBook = await guidebook(gold);
    const goldStay = await addStay(gold, goldBook, { guestName: 'Jo', checkIn: day(3), checkOut: day(6) });
    expect((await buy(goldStay.token, 11)).body).not.toHaveProperty('checkoutUrl');

    // A paying host's free extra.
    const { host: paying } = await payingHost();
    const book = await guidebook(paying);
    const stay = await addStay(paying, book, { guestName: 'Kim', checkIn: day(3), checkOut: day(6) });
    const bikes = await buy(stay.token, 13);
    expect(bikes.status).toBe(201);
    expect(bikes.body).not.toHaveProperty('checkoutUrl');
    expect(bikes.body.order.status).toBe('approved');
  });

  it('a Stripe failure cancels the order and answers 502 in plain words; the slot is free again', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Lou', checkIn: day(3), checkOut: day(6) });
    await standIn.control.failNext({ method: 'POST', pathPattern: '^/v1/checkout/sessions$', status: 400, times: 1 });
    const failed = await buy(stay.token, 11);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: messages.orders.paymentUnavailable });
    expect(query<{ status: string }>(server, 'SELECT status FROM orders WHERE instruction_id = ?', g._id)).toEqual([{ status: 'cancelled' }]);
    // Never paid: the host's list leaves it out.
    expect(await ordersOf(host, g)).toEqual([]);
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 11)).toMatchObject({ available: true });
  });
});

describe('an authorised order left unanswered', () => {
  it('is released after 72 hours by the periodic job (its first turn at start), and both sides are told', async () => {
    const { host } = await payingHost();
    const g = await guidebook(host);
    const stay = await addStay(host, g, { guestName: 'Max', guestEmail: 'max.pay@example.com', checkIn: day(5), checkOut: day(8) });
    const fresh = await checkout(stay.token, 11);
    await standIn.control.payCheckout(fresh.sessionId);
    const stale = await addStay(host, g, { guestName: 'Nia', guestEmail: 'nia.pay@example.com', checkIn: day(9), checkOut: day(11) });
    const old = await checkout(stale.token, 11);
    await standIn.control.payCheckout(old.sessionId);
    expect([orderRow(fresh.order.id).status, orderRow(old.order.id).status]).toEqual(['requested', 'requested']);

    // The clock given: the old order was authorised 73 hours ago, the fresh one 71.
    run(server, 'UPDATE orders SET updated_at = ? WHERE id = ?', Date.now() - 73 * 3_600_000, old.order.id);
    run(server, 'UPDATE orders SET updated_at = ? WHERE id = ?', Date.now() - 71 * 3_600_000, fresh.order.id);
    const dataDir = server.dataDir;
    await server.stop();
    await startApp(dataDir);

    await expect.poll(() => orderRow(old.order.id).status).toBe('cancelled');
    expect(activityOf(old.order.id).map((line) => `${line.action} ${line.actor} ${(line.details as { event: string }).event}`)).toEqual(['order.moved stripe payment-taken', 'order.moved system hold-lapsed']);
    expect(await intentOf(old.order.id)).toMatchObject({ status: 'canceled' });
    expect(orderRow(fresh.order.id).status).toBe('requested');
    expect((await intentOf(fresh.order.id)).status).toBe('requires_capture');
    expect(readableParts(await mailTo('nia.pay@example.com', 'Not confirmed: Late check-out'))).toContain('The hold on your card is released; nothing is charged.');
    await mailTo(host.email, 'Request lapsed: Late check-out for Harbour Loft');
    // The lapse spent the mail's links too: the page says so, the button answers 409.
    const token = await linkTokenOf(host, old.order.id);
    expect(query<{ decision_token_hash: string | null }>(server, 'SELECT decision_token_hash FROM orders WHERE id = ?', old.order.id)[0]!.decision_token_hash).toBeNull();
    expect(await (await server.request(`/orders/${old.order.id}/approve?token=${token}`)).text()).toContain('This order was cancelled on');
    expect((await pressLink(old.order.id, token, 'approve')).status).toBe(409);
    expect(query<{ decision_token_hash: string | null }>(server, 'SELECT decision_token_hash FROM orders WHERE id = ?', fresh.order.id)[0]!.decision_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The host answers too late (on the restarted server): 409, nothing captured.
    const late = await server.request(`/api/orders/${old.order.id}`, { method: 'PATCH', json: { decision: 'approve' }, headers: withCookie(host.cookie) });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/^This order was cancelled on /);
  });
});
