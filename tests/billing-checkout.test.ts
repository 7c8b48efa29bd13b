import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { query } from './helpers/auth.ts';
import { PRICE_IDS, sessionIdOf, signedInHost, standInPrices, startBillingWorld, subscribe, planOf, type BillingWorld } from './helpers/billing.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let world: BillingWorld;

beforeAll(async () => {
  world = await startBillingWorld();
});

afterAll(async () => {
  await world?.stop();
});

const checkoutCalls = async () => (await world.control.calls()).filter((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions');

describe('checkout (docs/product.md §4, §7)', () => {
  it('makes one Stripe customer per user, with metadata.userId, and reuses it', async () => {
    const host = await signedInHost(world.server);
    await host.json('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } });
    await host.json('/api/create-checkout-session', { json: { price_id: PRICE_IDS.premium.yearly } });

    const { customers } = await world.control.state();
    const mine = customers.filter((customer) => customer.metadata['userId'] === host.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.email).toBe(host.email);
    expect(query(world.server, 'SELECT customer_id FROM billing_customers WHERE team_id = ?', host.id)).toEqual([{ customer_id: mine[0]!.id }]);
    const created = (await world.control.calls()).filter((call) => call.path === '/v1/customers' && call.method === 'POST' && call.params['email'] === host.email);
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`customer:${host.id}`);
  });

  it('asks for an embedded subscription session returning to APP_URL, with an Idempotency-Key', async () => {
    const host = await signedInHost(world.server);
    const { clientSecret } = await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.yearly } });
    const call = (await checkoutCalls()).find((candidate) => candidate.params['client_reference_id'] === host.id)!;
    expect(call.stripeVersion).toBe('2026-10-28.endive');
    expect(call.params).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      client_reference_id: host.id,
      line_items: [{ price: PRICE_IDS.gold.yearly, quantity: '1' }],
      return_url: `${world.server.origin}/dashboard/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(call.idempotencyKey).toMatch(new RegExp(`^checkout:${host.id}:`));
    const session = (await world.control.state()).checkoutSessions.find((s) => s.id === sessionIdOf(clientSecret))!;
    expect(session.return_url).toBe(`${world.server.origin}/dashboard/checkout/return?session_id=${session.id}`);
  });

  it('answers 400 for a price we do not sell and for a missing one, and creates nothing', async () => {
    const host = await signedInHost(world.server);
    for (const body of [{ price_id: 'price_someone_elses' }, {}]) {
      const response = await host.call('/api/create-checkout-session', { json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: messages.billing.unknownPrice });
    }
    expect((await checkoutCalls()).filter((call) => call.params['client_reference_id'] === host.id)).toHaveLength(0);
  });

  it('two tabs cannot buy twice: a newer checkout expires the open one, and a subscriber gets 409', async () => {
    const host = await signedInHost(world.server);
    const first = sessionIdOf((await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } })).clientSecret);
    const second = sessionIdOf((await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: PRICE_IDS.premium.monthly } })).clientSecret);
    expect(second).not.toBe(first);

    // The first tab's form can no longer be paid.
    await expect(world.control.completeCheckout(first, 'paid')).rejects.toMatchObject({ status: 409 });
    await world.control.completeCheckout(second, 'paid');
    const again = await host.call('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: messages.billing.alreadySubscribed });

    const { subscriptions } = await world.control.state();
    const customer = query<{ customer_id: string }>(world.server, 'SELECT customer_id FROM billing_customers WHERE team_id = ?', host.id)[0]!.customer_id;
    expect(subscriptions.filter((s) => s.customer === customer)).toHaveLength(1);
    expect(await planOf(host)).toBe('premium');
  });

  it('a doubled click leaves one customer and one payable session (docs/security.md 23)', async () => {
    const host = await signedInHost(world.server);
    const body = { json: { price_id: PRICE_IDS.gold.monthly } };
    const answers = await Promise.all([host.call('/api/create-checkout-session', body), host.call('/api/create-checkout-session', body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await world.control.state()).customers.filter((customer) => customer.metadata['userId'] === host.id)).toHaveLength(1);
    const customer = query<{ customer_id: string }>(world.server, 'SELECT customer_id FROM billing_customers WHERE team_id = ?', host.id)[0]!.customer_id;
    const open = (await world.control.state()).checkoutSessions.filter((s) => s.customer === customer && s.status === 'open');
    expect(open).toHaveLength(1);
  });

  it('a paid user is premium on the return page even when the webhook is late', async () => {
    const host = await signedInHost(world.server);
    await world.control.setWebhook({ hold: true });
    try {
      const { clientSecret } = await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: PRICE_IDS.premium.monthly } });
      const sessionId = sessionIdOf(clientSecret);
      const { deliveries } = await world.control.completeCheckout(sessionId, 'paid');
      expect(deliveries.every((delivery) => delivery.status === 'held')).toBe(true);
      expect(await planOf(host)).toBe('free');

      expect(await host.json(`/api/session_status?session_id=${sessionId}`)).toEqual({ payment_status: 'paid', status: 'complete' });
      expect(await planOf(host)).toBe('premium');
      const data = await host.json<Record<string, unknown>>('/api/get-subscription-data');
      expect(data).toMatchObject({ plan: 'Premium', planId: 'premium', status: 'active', price: 1000, paymentInterval: 'monthly', cancelAtPeriodEnd: false, email: host.email, managedBy: 'stripe' });
      expect(Date.parse(String(data['currentPeriodEnd']))).toBeGreaterThan(Date.now());
    } finally {
      await world.control.setWebhook({ hold: false });
    }
  });

  it('an unpaid outcome leaves the user on Free', async () => {
    const host = await signedInHost(world.server);
    const { clientSecret } = await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } });
    await world.control.completeCheckout(sessionIdOf(clientSecret), 'unpaid');
    expect(await host.json(`/api/session_status?session_id=${sessionIdOf(clientSecret)}`)).toEqual({ payment_status: 'unpaid', status: 'complete' });
    expect(await planOf(host)).toBe('free');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Free', status: 'incomplete' });
  });

  it("another user's session is not found; a missing id is a 400", async () => {
    const owner = await signedInHost(world.server);
    const { sessionId } = await subscribe(world, owner, PRICE_IDS.gold.monthly);
    const stranger = await signedInHost(world.server);
    const peek = await stranger.call(`/api/session_status?session_id=${sessionId}`);
    expect(peek.status).toBe(404);
    expect(await peek.json()).toEqual({ message: messages.billing.sessionNotFound });
    expect((await stranger.call('/api/session_status?session_id=cs_test_nope')).status).toBe(404);
    expect((await stranger.call('/api/session_status?session_id=../v1/customers')).status).toBe(404);
    expect((await stranger.call('/api/session_status')).status).toBe(400);
    expect(await planOf(stranger)).toBe('free');
  });

  it('a Stripe outage answers a clear 502 and creates nothing', async () => {
    const host = await signedInHost(world.server);
    await world.control.failNext({ method: 'POST', pathPattern: '^/v1/customers$', status: 500, times: 3 });
    const response = await host.call('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: messages.billing.stripeUnavailable });
    expect(query(world.server, 'SELECT * FROM billing_customers WHERE team_id = ?', host.id)).toEqual([]);
  });
});

describe('billing config and premium check', () => {
  it('tells the dashboard the publishable key and the price of each plan', async () => {
    const host = await signedInHost(world.server);
    expect(await host.json('/api/billing/config')).toEqual({ enabled: true, publishableKey: 'pk_test_porchlight', prices: PRICE_IDS });
    expect((await world.server.request('/api/billing/config')).status).toBe(401);
  });

  it('POST /api/get-user-premium answers a boolean for any user id, 400 without one', async () => {
    const host = await signedInHost(world.server);
    const premium = (id: string) => world.server.request('/api/get-user-premium', { json: { userId: id } });
    expect(await (await premium(host.id)).json()).toBe(false);
    await subscribe(world, host, PRICE_IDS.premium.monthly);
    expect(await (await premium(host.id)).json()).toBe(true);
    expect(await (await premium('no-such-user')).json()).toBe(false);
    const missing = await world.server.request('/api/get-user-premium', { json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: messages.billing.userIdRequired });
  });

  it('the checkout page alone allows Stripe in its Content-Security-Policy', async () => {
    const host = await signedInHost(world.server);
    const csp = async (path: string) => (await host.call(path)).headers.get('content-security-policy') ?? '';
    for (const path of ['/dashboard/checkout?product=price_gold_monthly', '/plan/checkout?product=price_gold_monthly']) {
      const policy = await csp(path);
      expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    }
    for (const path of ['/dashboard', '/dashboard/upgradePlan', '/dashboard/checkout/return?session_id=cs_x']) expect(await csp(path)).not.toContain('stripe.com');
  });
});

describe('configured prices', () => {
  it('every Stripe write carries an Idempotency-Key', async () => {
    const writes = (await world.control.calls()).filter((call) => call.method === 'POST');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((call) => !call.idempotencyKey)).toEqual([]);
  });

  it('a Stripe price that differs from the shown price is logged at start', async () => {
    const prices = standInPrices().map((price) => (price.id === PRICE_IDS.gold.monthly ? { ...price, unitAmount: 700 } : price));
    const drifted = await startBillingWorld({ prices });
    try {
      await expect.poll(() => drifted.server.logs.find((line) => line.includes('differs from the price shown'))).toContain('"priceId":"price_gold_monthly"');
      expect(drifted.server.logs.filter((line) => line.includes('differs from the price shown'))).toHaveLength(1);
    } finally {
      await drifted.stop();
    }
  });
});

describe('without Stripe', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer();
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it('checkout answers 503 saying payments are not configured; the config says so too', async () => {
    const host = await signedInHost(bare);
    const response = await host.call('/api/create-checkout-session', { json: { price_id: PRICE_IDS.gold.monthly } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: messages.billing.notConfigured });
    expect(await host.json('/api/billing/config')).toEqual({ enabled: false, publishableKey: null, prices: { gold: { monthly: null, yearly: null }, premium: { monthly: null, yearly: null } } });
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Free', planId: 'free', instructionsNumber: 3, price: 0, status: null, managedBy: null });
    const webhook = await bare.request('/api/stripe/webhook', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(webhook.status).toBe(503);
  });
});
