// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeForm } from './helpers/stripe/form.ts';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe/stripe-standin.ts';
import { until } from './helpers/until.ts';

/** The stand-in itself, driven through the real SDK and verified by the SDK's own webhook check. */
const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_test_secret';
const API_VERSION = '2026-10-28.endive';
const GOLD_MONTHLY = 'price_gold_monthly';
const GOLD_YEARLY = 'price_gold_yearly';
const PREMIUM_MONTHLY = 'price_premium_monthly';

interface Received {
  type: string;
  id: string;
  object: Record<string, unknown>;
}

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: http.Server;
let received: Received[] = [];
let refused: string[] = [];

function sdk(key = SECRET_KEY, apiVersion = API_VERSION): Stripe {
  return new Stripe(key, {
    apiVersion: apiVersion as Stripe.LatestApiVersion,
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

const waitFor = (predicate: () => boolean, what: string) => until(predicate, Boolean, what, 10);

/** A customer who went through Embedded Checkout and paid. */
async function subscribe(price: string): Promise<{ customer: Stripe.Customer; subscription: Stripe.Subscription }> {
  const customer = await stripe.customers.create({ email: `host-${Math.random()}@example.test`, metadata: { userId: 'u1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    customer: customer.id,
    line_items: [{ price, quantity: 1 }],
    return_url: 'http://localhost:4321/billing/return?session_id={CHECKOUT_SESSION_ID}',
    subscription_data: { metadata: { userId: 'u1' } },
  });
  const { subscription } = await standIn.control.completeCheckout(session.id, 'paid');
  return { customer, subscription };
}

beforeAll(async () => {
  const verifier = new Stripe(SECRET_KEY);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = verifier.webhooks.constructEvent(Buffer.concat(chunks).toString('utf8'), req.headers['stripe-signature'] ?? '', WEBHOOK_SECRET, 300);
        received.push({ type: event.type, id: event.id, object: event.data.object as unknown as Record<string, unknown> });
        res.writeHead(200).end('ok');
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  standIn = await startStripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/webhook`,
    prices: [
      { id: GOLD_MONTHLY, unitAmount: 500, interval: 'month', nickname: 'Gold' },
      { id: GOLD_YEARLY, unitAmount: 4800, interval: 'year', nickname: 'Gold yearly' },
      { id: PREMIUM_MONTHLY, unitAmount: 1000, interval: 'month', nickname: 'Premium' },
    ],
  });
  stripe = sdk();
});

afterAll(async () => {
  await standIn.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await standIn.control.reset();
  await standIn.control.setWebhook({ hold: false });
  received = [];
  refused = [];
});

describe('stripe stand-in', () => {
  it('decodes the SDK bracket notation and drops prototype keys', () => {
    const params = decodeForm('items[0][id]=si_1&items[0][price]=p&expand[]=a&expand[]=b&metadata[userId]=u1&__proto__[x]=1&phases[1][duration][interval]=month');
    expect(params).toEqual({
      items: [{ id: 'si_1', price: 'p' }],
      expand: ['a', 'b'],
      metadata: { userId: 'u1' },
      phases: [{ duration: { interval: 'month' } }],
    });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('creates a customer once for a replayed idempotency key and refuses the key with another body', async () => {
    const first = await stripe.customers.create({ email: 'a@example.test', metadata: { userId: 'u1' } }, { idempotencyKey: 'create-u1' });
    const again = await stripe.customers.create({ email: 'a@example.test', metadata: { userId: 'u1' } }, { idempotencyKey: 'create-u1' });
    expect(again.id).toBe(first.id);
    expect(first.metadata).toEqual({ userId: 'u1' });
    expect((await stripe.customers.list({ email: 'a@example.test' })).data).toHaveLength(1);
    await expect(stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: 'create-u1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    const posts = standIn.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.idempotencyKey, call.replayed, call.status])).toEqual([
      ['create-u1', false, 200],
      ['create-u1', true, 200],
      ['create-u1', false, 400],
    ]);
    expect(posts[0]?.stripeVersion).toBe(API_VERSION);
    await waitFor(() => received.length === 1, 'customer.created');
    expect(received[0]?.type).toBe('customer.created');
  });

  it('answers 401 to a wrong key, 400 to another API version and the injected 5xx', async () => {
    await expect(sdk('sk_test_wrong').customers.list()).rejects.toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
    await expect(sdk(SECRET_KEY, '2025-03-31.basil').customers.list()).rejects.toMatchObject({ statusCode: 400 });
    await standIn.control.failNext({ method: 'POST', pathPattern: '^/v1/customers$', status: 500 });
    await expect(stripe.customers.create({ email: 'c@example.test' })).rejects.toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    expect((await stripe.customers.create({ email: 'c@example.test' })).email).toBe('c@example.test');
  });

  it('refuses the retired ui_mode embedded and accepts embedded_page', async () => {
    const base = { mode: 'subscription' as const, line_items: [{ price: GOLD_MONTHLY, quantity: 1 }], return_url: 'http://localhost/r?s={CHECKOUT_SESSION_ID}' };
    await expect(stripe.checkout.sessions.create({ ...base, ui_mode: 'embedded' })).rejects.toMatchObject({ statusCode: 400, param: 'ui_mode', type: 'StripeInvalidRequestError' });
    const session = await stripe.checkout.sessions.create({ ...base, ui_mode: 'embedded_page', client_reference_id: 'u1' });
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', ui_mode: 'embedded_page', url: null, subscription: null, client_reference_id: 'u1' });
    expect(session.return_url).toBe(`http://localhost/r?s=${session.id}`);
    expect(session.client_secret?.startsWith(`${session.id}_secret_`)).toBe(true);
    expect(session.expires_at).toBe(session.created + 24 * 3600);
  });

  it('completes a paid checkout into a subscription with item periods and signed events', async () => {
    const { customer, subscription } = await subscribe(GOLD_MONTHLY);
    const fetched = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    const item = fetched.items.data[0];
    expect(fetched).toMatchObject({ status: 'active', customer: customer.id, metadata: { userId: 'u1' }, schedule: null, pending_update: null });
    expect(item?.price.id).toBe(GOLD_MONTHLY);
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? Infinity);
    const invoice = fetched.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 500, parent: { subscription_details: { subscription: subscription.id } } });
    // Deliveries of a control call are done when it answers.
    expect(received.map((event) => event.type)).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(refused).toEqual([]);
  });

  it('signs so that constructEvent refuses stale, wrong-secret and tampered deliveries', async () => {
    await standIn.control.setWebhook({ hold: true });
    await stripe.customers.create({ email: 'held@example.test' });
    const [event] = await standIn.control.events('customer.created');
    expect(event).toBeDefined();
    const id = event?.id ?? '';
    expect(received).toEqual([]);
    expect((await standIn.control.deliverEvent(id, 'valid')).status).toBe(200);
    for (const mode of ['stale', 'wrong-secret', 'tampered'] as const) {
      expect((await standIn.control.deliverEvent(id, mode)).status).toBe(400);
    }
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatch(/tolerance/i);
  });

  it('keeps the old price and a pending update when an always_invoice upgrade is declined', async () => {
    const { customer, subscription } = await subscribe(GOLD_MONTHLY);
    const itemId = subscription.items.data[0]?.id ?? '';
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: PREMIUM_MONTHLY }], proration_behavior: 'always_invoice' },
    });
    expect(preview.amount_due).toBeGreaterThan(490);
    expect(preview.amount_due).toBeLessThanOrEqual(500);
    await standIn.control.setCardDeclines(customer.id, true);
    const change = { items: [{ id: itemId, price: PREMIUM_MONTHLY }], proration_behavior: 'always_invoice' as const, payment_behavior: 'pending_if_incomplete' as const };
    await expect(stripe.subscriptions.update(subscription.id, { ...change, cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
    const updated = await stripe.subscriptions.update(subscription.id, { ...change, expand: ['latest_invoice'] });
    expect(updated.items.data[0]?.price.id).toBe(GOLD_MONTHLY);
    expect(updated.pending_update?.subscription_items?.[0]?.price.id).toBe(PREMIUM_MONTHLY);
    expect(updated.pending_update?.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 22 * 3600);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    expect(invoice.amount_due).toBe(preview.amount_due);
    expect(invoice.hosted_invoice_url).toContain(`/invoice/${invoice.id}`);
    const paid = await standIn.control.payInvoice(subscription.id);
    expect(paid.subscription.items.data[0]?.price.id).toBe(PREMIUM_MONTHLY);
    expect(paid.subscription.pending_update).toBeNull();
    expect(paid.deliveries.map((delivery) => delivery.type)).toContain('customer.subscription.pending_update_applied');
  });

  it('restarts the period when the interval changes and charges the full new price minus the unused old one', async () => {
    const { subscription } = await subscribe(GOLD_MONTHLY);
    const itemId = subscription.items.data[0]?.id ?? '';
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: GOLD_YEARLY }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const item = updated.items.data[0];
    expect(item?.price.id).toBe(GOLD_YEARLY);
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBeGreaterThan(364 * 86_400);
    expect((updated.latest_invoice as Stripe.Invoice).amount_paid).toBeGreaterThanOrEqual(4300);
  });

  it('plans a downgrade on a schedule, refuses direct changes meanwhile and applies it at the period end', async () => {
    const { subscription } = await subscribe(PREMIUM_MONTHLY);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({ status: 'active', end_behavior: 'release', subscription: subscription.id });
    await expect(stripe.subscriptionSchedules.create({ from_subscription: subscription.id })).rejects.toMatchObject({ statusCode: 400 });
    const current = schedule.phases[0];
    const phases: Stripe.SubscriptionScheduleUpdateParams.Phase[] = [
      { items: [{ price: PREMIUM_MONTHLY, quantity: 1 }], start_date: current?.start_date ?? 0, end_date: current?.end_date ?? 0 },
      { items: [{ price: GOLD_MONTHLY, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
    ];
    const withIterations = [phases[0], { ...phases[1], iterations: 1 }] as Stripe.SubscriptionScheduleUpdateParams.Phase[];
    await expect(stripe.subscriptionSchedules.update(schedule.id, { phases: withIterations })).rejects.toMatchObject({ statusCode: 400, param: 'phases[1][iterations]' });
    const updated = await stripe.subscriptionSchedules.update(schedule.id, { phases, end_behavior: 'release', proration_behavior: 'none' });
    expect(updated.phases.map((phase) => phase.items[0]?.price)).toEqual([PREMIUM_MONTHLY, GOLD_MONTHLY]);
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toThrow(`managed by the subscription schedule ${schedule.id}`);

    const { subscription: after, deliveries } = await standIn.control.advanceToPeriodEnd(subscription.id);
    expect(after.items.data[0]?.price.id).toBe(GOLD_MONTHLY);
    expect(after.items.data[0]?.current_period_start).toBe(current?.end_date);
    expect(after.schedule).toBeNull();
    expect(deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ['customer.subscription.updated', 200],
      ['subscription_schedule.released', 200],
      ['invoice.paid', 200],
    ]);
  });

  it('releases a schedule on request', async () => {
    const { subscription } = await subscribe(GOLD_MONTHLY);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: 'released', released_subscription: subscription.id, subscription: null });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('cancels at the period end with customer.subscription.deleted', async () => {
    const { customer, subscription } = await subscribe(GOLD_MONTHLY);
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated.cancel_at).toBe(updated.items.data[0]?.current_period_end);
    await waitFor(() => received.some((event) => event.type === 'customer.subscription.updated'), 'the REST update event');
    const { subscription: after, deliveries } = await standIn.control.advanceToPeriodEnd(subscription.id);
    expect(after).toMatchObject({ status: 'canceled', ended_at: updated.items.data[0]?.current_period_end });
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('serves the billing portal page with a way back', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.test' });
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:4321/dashboard' });
    const html = await (await fetch(session.url)).text();
    expect(html).toContain('Customer Portal (stand-in)');
    expect(html).toContain('href="http://localhost:4321/dashboard"');
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({ statusCode: 400, param: 'customer' });
  });
});
