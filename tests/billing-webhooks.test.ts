import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { STRIPE_API_VERSION } from '../src/lib/server/money/subscriptions/stripe-client.ts';
import { query, run } from './helpers/auth.ts';
import { PRICE_IDS, sessionIdOf, signedInHost, startBillingWorld, planOf, WEBHOOK_SECRET, type BillingWorld, type Host } from './helpers/billing.ts';

// Events are held by the stand-in and delivered by hand here, in any order, signed any way.
let world: BillingWorld;

beforeAll(async () => {
  world = await startBillingWorld();
});

afterAll(async () => {
  await world?.stop();
});

beforeEach(async () => {
  await world.control.setWebhook({ hold: true });
});

/** A host who paid on the stand-in; nothing has been delivered yet. */
async function paidWithEventsHeld(priceId: string = PRICE_IDS.gold.monthly, { freshTeam = false }: { freshTeam?: boolean } = {}): Promise<{ host: Host; subscriptionId: string; customerId: string }> {
  const host = await signedInHost(world.server, { freshTeam });
  const { clientSecret } = await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: priceId } });
  const { subscription } = await world.control.completeCheckout(sessionIdOf(clientSecret), 'paid');
  return { host, subscriptionId: subscription.id, customerId: String(subscription.customer) };
}

async function eventOf(type: string, subscriptionId: string) {
  const events = await world.control.events(type);
  const event = events.filter((candidate) => (candidate.data.object as { id?: string; subscription?: string }).id === subscriptionId).at(-1);
  if (!event) throw new Error(`no ${type} event for ${subscriptionId}`);
  return event;
}

const rowOf = (userId: string) => query<{ plan: string; status: string; cancel_at_period_end: number }>(world.server, 'SELECT plan, status, cancel_at_period_end FROM subscriptions WHERE team_id = ?', userId)[0];
const eventRows = (id: string) => query(world.server, 'SELECT id FROM stripe_events WHERE id = ?', id);

describe('Stripe webhooks (docs/security.md 20–22)', () => {
  it('a valid event syncs the subscription from Stripe', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld();
    const created = await eventOf('customer.subscription.created', subscriptionId);
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    expect(rowOf(host.id)).toEqual({ plan: 'gold', status: 'active', cancel_at_period_end: 0 });
    expect(eventRows(created.id)).toHaveLength(1);
    expect(await planOf(host)).toBe('gold');
  });

  it.each(['wrong-secret', 'stale', 'tampered'] as const)('a %s signature answers 400 and changes nothing', async (signature) => {
    const { host, subscriptionId } = await paidWithEventsHeld();
    const created = await eventOf('customer.subscription.created', subscriptionId);
    const delivery = await world.control.deliverEvent(created.id, signature);
    expect(delivery.status).toBe(400);
    expect(JSON.parse(delivery.body)).toEqual({ message: messages.billing.webhookSignature });
    expect(rowOf(host.id)).toBeUndefined();
    expect(eventRows(created.id)).toEqual([]);
    expect(await planOf(host)).toBe('free');
  });

  it('a request without a signature, or with none of ours, is refused', async () => {
    const unsigned = await world.server.request('/api/stripe/webhook', { method: 'POST', body: JSON.stringify({ id: 'evt_forged', type: 'customer.subscription.created', data: { object: { customer: 'cus_x' } } }), headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(eventRows('evt_forged')).toEqual([]);
  });

  it('a replayed event changes state once', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld();
    const created = await eventOf('customer.subscription.created', subscriptionId);
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    // Stripe's state moves on without an event; a replay of the old one must not re-sync.
    await world.control.setSubscription(subscriptionId, { status: 'past_due' });
    const replay = await world.control.deliverEvent(created.id);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, outcome: 'duplicate' });
    expect(rowOf(host.id)?.status).toBe('active');
    expect(eventRows(created.id)).toHaveLength(1);
  });

  it('`updated` delivered before `created` converges to Stripe’s state, and so does the late `created`', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld(PRICE_IDS.premium.monthly);
    await host.json('/api/cancel-subscription', { method: 'POST' });
    const updated = await eventOf('customer.subscription.updated', subscriptionId);
    const created = await eventOf('customer.subscription.created', subscriptionId);
    expect(created.created).toBeLessThanOrEqual(updated.created);

    expect((await world.control.deliverEvent(updated.id)).status).toBe(200);
    expect(rowOf(host.id)).toEqual({ plan: 'premium', status: 'active', cancel_at_period_end: 1 });
    // The older event arrives last: it triggers a re-read, which still says "cancel at period end".
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    expect(rowOf(host.id)).toEqual({ plan: 'premium', status: 'active', cancel_at_period_end: 1 });
  });

  it('every event of a whole life, in reverse and twice, ends in one row matching Stripe', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld(PRICE_IDS.gold.monthly);
    await host.json('/api/update-subscription-price', { json: { newPriceId: PRICE_IDS.premium.monthly, newInterval: 'monthly' } });
    await host.json('/api/cancel-subscription', { method: 'POST' });
    await world.control.advanceToPeriodEnd(subscriptionId);
    const mine = (await world.control.events()).filter((event) => JSON.stringify(event.data.object).includes(subscriptionId));
    for (const event of [...mine].reverse().concat(mine)) expect((await world.control.deliverEvent(event.id)).status).toBe(200);
    expect(rowOf(host.id)).toEqual({ plan: 'premium', status: 'canceled', cancel_at_period_end: 1 });
    expect(query(world.server, 'SELECT team_id FROM subscriptions WHERE team_id = ?', host.id)).toHaveLength(1);
    expect(await planOf(host)).toBe('free');
  });

  it('an event we do not act on answers 200', async () => {
    const { subscriptionId } = await paidWithEventsHeld();
    const other = (await world.control.events('customer.created')).at(-1) ?? (await eventOf('invoice.paid', subscriptionId));
    const delivery = await world.control.deliverEvent(other.id);
    expect(delivery.status).toBe(200);
  });

  it('a correctly signed event naming a customer Stripe does not know answers 200 and logs a warning (no retries for days)', async () => {
    const event = { id: `evt_unknown_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: 'sub_nobody', object: 'subscription', customer: 'cus_nobody_of_ours' } } };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${world.server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(eventRows(event.id)).toHaveLength(1);
    await expect.poll(() => world.server.logs.some((line) => line.includes('"level":40') && line.includes('cus_nobody_of_ours') && line.includes('customer of no team'))).toBe(true);
  });

  it('a failure while syncing answers 5xx (Stripe retries) and the retry succeeds', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld();
    const created = await eventOf('customer.subscription.created', subscriptionId);
    await world.control.failNext({ method: 'GET', pathPattern: '^/v1/subscriptions$', status: 500, times: 3 });
    const failed = await world.control.deliverEvent(created.id);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(eventRows(created.id)).toEqual([]);
    expect(rowOf(host.id)).toBeUndefined();
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    expect(rowOf(host.id)?.plan).toBe('gold');
  });

  it('past_due shows as such and keeps the plan while Stripe retries; unpaid loses it', async () => {
    const { host, subscriptionId } = await paidWithEventsHeld(PRICE_IDS.premium.monthly);
    await world.control.setWebhook({ hold: false });
    await world.control.failInvoice(subscriptionId);
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Premium', status: 'past_due' });
    expect(await planOf(host)).toBe('premium');
    await world.control.setSubscription(subscriptionId, { status: 'unpaid', emit: 'customer.subscription.updated' });
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Free', status: 'unpaid' });
    expect(await planOf(host)).toBe('free');
  });
});

describe('the customer of a team (docs/decisions/028-teams.md §8)', () => {
  /** Stripe's own client against the stand-in, for what only an old Porchlight or Stripe's dashboard would do. */
  const stripe = () => new Stripe('sk_test_porchlight', { apiVersion: STRIPE_API_VERSION, host: '127.0.0.1', port: Number(new URL(world.standIn.url).port), protocol: 'http', maxNetworkRetries: 0 });
  const customerRows = (customerId: string) => query<{ team_id: string }>(world.server, 'SELECT team_id FROM billing_customers WHERE customer_id = ?', customerId);

  it('a customer made before teams (metadata.userId alone) whose row is gone is found by that id: its team of one has it', async () => {
    const { host, subscriptionId, customerId } = await paidWithEventsHeld();
    expect(host.teamId).toBe(host.id);
    // As Porchlight made customers before teams, and a row lost (a restore from an older backup).
    await stripe().customers.update(customerId, { metadata: { teamId: '' } });
    run(world.server, 'DELETE FROM billing_customers WHERE customer_id = ?', customerId);
    const created = await eventOf('customer.subscription.created', subscriptionId);
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    expect(rowOf(host.teamId)).toEqual({ plan: 'gold', status: 'active', cancel_at_period_end: 0 });
    expect(customerRows(customerId)).toEqual([{ team_id: host.id }]);
    expect(await planOf(host)).toBe('gold');
  });

  it('a customer made since names its team (metadata.teamId, and client_reference_id): a team whose id is its own is found by it', async () => {
    const { host, subscriptionId, customerId } = await paidWithEventsHeld(PRICE_IDS.gold.monthly, { freshTeam: true });
    expect(host.teamId).not.toBe(host.id);
    const state = await world.control.state();
    expect(state.customers.find((customer) => customer.id === customerId)?.metadata).toEqual({ teamId: host.teamId, userId: host.id });
    expect(state.checkoutSessions.find((session) => session.customer === customerId)?.client_reference_id).toBe(host.teamId);
    expect(customerRows(customerId)).toEqual([{ team_id: host.teamId }]);
    run(world.server, 'DELETE FROM billing_customers WHERE customer_id = ?', customerId);
    const created = await eventOf('customer.subscription.created', subscriptionId);
    expect((await world.control.deliverEvent(created.id)).status).toBe(200);
    expect(rowOf(host.teamId)).toEqual({ plan: 'gold', status: 'active', cancel_at_period_end: 0 });
    expect(rowOf(host.id)).toBeUndefined();
    expect(customerRows(customerId)).toEqual([{ team_id: host.teamId }]);
    expect(await planOf(host)).toBe('gold');
    // The return page's check finds the session the team's, by its reference.
    const sessionId = state.checkoutSessions.find((session) => session.customer === customerId)!.id;
    expect((await host.call(`/api/session_status?session_id=${sessionId}`)).status).toBe(200);
  });
});
