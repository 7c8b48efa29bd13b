// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StandInControlError } from './helpers/stripe/control.ts';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe/stripe-standin.ts';
import { until } from './helpers/until.ts';

/**
 * The stand-in's Connect side, driven through the real SDK: connected accounts and their onboarding,
 * destination charges through payment-mode Checkout, and Connect events on an endpoint of their own.
 */
const SECRET_KEY = 'sk_test_standin_connect_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_platform_secret';
const CONNECT_WEBHOOK_SECRET = 'whsec_standin_connect_secret';
const API_VERSION = '2026-10-28.endive';
const GOLD_MONTHLY = 'price_gold_monthly';
const APP = 'http://localhost:4321';

interface Received {
  type: string;
  id: string;
  account: string | undefined;
  object: Record<string, unknown>;
}

interface Raw {
  body: string;
  signature: string;
}

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: http.Server;
let platform: Received[] = [];
let connect: Received[] = [];
let connectRaw: Raw[] = [];
let refused: string[] = [];
const verifier = new Stripe(SECRET_KEY);

const waitFor = (predicate: () => boolean, what: string) => until(predicate, Boolean, what, 10);

/** An Express account asking for card payments and transfers, as a host's would be. */
function createHostAccount(extra: Stripe.AccountCreateParams = {}, options?: Stripe.RequestOptions): Promise<Stripe.Account> {
  return stripe.accounts.create(
    {
      type: 'express',
      country: 'DE',
      email: 'host@example.test',
      metadata: { userId: 'u1' },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      ...extra,
    },
    options,
  );
}

async function onboardedHost(): Promise<Stripe.Account> {
  const account = await createHostAccount();
  return (await standIn.control.completeOnboarding(account.id)).account;
}

/** A guest's order of paid extras for a host, taken through Checkout as a destination charge. */
function extrasSession(destination: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      ui_mode: 'hosted_page',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 2500, product_data: { name: 'Late check-out' } }, quantity: 2 }],
      payment_intent_data: { transfer_data: { destination }, application_fee_amount: 500, metadata: { orderId: 'o1' } },
      metadata: { orderId: 'o1' },
      customer_email: 'guest@example.test',
      client_reference_id: 'o1',
      success_url: `${APP}/extras/thanks?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/extras`,
      ...extra,
    },
    options,
  );
}

/** The first form's action on a stand-in page, resolved against the page. */
function formAction(html: string, base: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html}`);
  return new URL(action.replaceAll('&amp;', '&'), base).toString();
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      const isConnect = req.url === '/connect';
      if (isConnect) connectRaw.push({ body, signature });
      try {
        const event = verifier.webhooks.constructEvent(body, signature, isConnect ? CONNECT_WEBHOOK_SECRET : WEBHOOK_SECRET, 300);
        (isConnect ? connect : platform).push({ type: event.type, id: event.id, account: event.account, object: event.data.object as unknown as Record<string, unknown> });
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
    connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
    connectWebhookUrl: `http://127.0.0.1:${port}/connect`,
    prices: [{ id: GOLD_MONTHLY, unitAmount: 500, interval: 'month', nickname: 'Gold' }],
  });
  stripe = new Stripe(SECRET_KEY, { apiVersion: API_VERSION as Stripe.LatestApiVersion, host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standIn.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await standIn.control.reset();
  await standIn.control.setWebhook({ hold: false });
  await standIn.control.setConnectWebhook({ hold: false });
  platform = [];
  connect = [];
  connectRaw = [];
  refused = [];
});

describe('stripe stand-in: Connect', () => {
  it('creates Express accounts that cannot take charges yet, once a key, and refuses what Stripe refuses', async () => {
    const account = await createHostAccount({}, { idempotencyKey: 'host-u1' });
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'DE',
      default_currency: 'eur',
      email: 'host@example.test',
      metadata: { userId: 'u1' },
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      controller: { type: 'application', stripe_dashboard: { type: 'express' }, fees: { payer: 'application_express' }, losses: { payments: 'application' } },
    });
    expect(account.requirements?.currently_due).toContain('external_account');
    expect(account.requirements?.disabled_reason).toBe('requirements.past_due');
    expect((await createHostAccount({}, { idempotencyKey: 'host-u1' })).id).toBe(account.id);
    await expect(createHostAccount({ email: 'other@example.test' }, { idempotencyKey: 'host-u1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect((await stripe.accounts.list()).data.map((listed) => listed.id)).toEqual([account.id]);
    expect(await stripe.accounts.retrieve(account.id)).toEqual(account);

    const controlled = await stripe.accounts.create({
      controller: { fees: { payer: 'application' }, losses: { payments: 'application' }, stripe_dashboard: { type: 'express' } },
      capabilities: { transfers: { requested: true } },
    });
    expect(controlled).toMatchObject({ type: 'express', controller: { fees: { payer: 'application_express' }, requirement_collection: 'stripe' }, capabilities: { transfers: 'inactive' } });

    await expect(stripe.accounts.create({ type: 'express', controller: { stripe_dashboard: { type: 'express' } } })).rejects.toMatchObject({ statusCode: 400, param: 'type' });
    await expect(stripe.accounts.create({ type: 'express', capabilities: { teleport: { requested: true } } } as Stripe.AccountCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      param: 'capabilities[teleport]',
      code: 'parameter_unknown',
    });
    await expect(stripe.accounts.create({ controller: { requirement_collection: 'application', stripe_dashboard: { type: 'express' } } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'controller[requirement_collection]',
    });
    await expect(stripe.accounts.create({ type: 'express', country: 'germany' })).rejects.toMatchObject({ statusCode: 400, param: 'country' });
    await expect(stripe.accounts.retrieve('acct_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', type: 'StripeInvalidRequestError' });

    expect(await stripe.accounts.del(controlled.id)).toEqual({ id: controlled.id, object: 'account', deleted: true });
    await expect(stripe.accounts.retrieve(controlled.id)).rejects.toMatchObject({ statusCode: 404 });
    // Creating an account sends no event; only changes to it do.
    expect((await standIn.control.events()).map((event) => event.type)).toEqual([]);
  });

  it('onboards through the account link pages and tells the Connect endpoint, signed with the Connect secret', async () => {
    const account = await createHostAccount();
    const linkParams: Stripe.AccountLinkCreateParams = { account: account.id, type: 'account_onboarding', refresh_url: `${APP}/connect/refresh`, return_url: `${APP}/connect/done` };
    const link = await stripe.accountLinks.create(linkParams);
    expect(link).toMatchObject({ object: 'account_link', expires_at: link.created + 300 });
    expect(link.url.startsWith(`${standIn.url}/connect/onboarding/`)).toBe(true);
    await expect(stripe.accountLinks.create({ ...linkParams, return_url: undefined } as unknown as Stripe.AccountLinkCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      param: 'return_url',
      code: 'parameter_missing',
    });
    await expect(stripe.accountLinks.create({ ...linkParams, type: 'account_update' })).rejects.toMatchObject({ statusCode: 400, param: 'type' });
    await expect(stripe.accountLinks.create({ ...linkParams, account: 'acct_missing' })).rejects.toMatchObject({ statusCode: 400, param: 'account', code: 'resource_missing' });

    const onboarding = await fetch(link.url, { redirect: 'manual' });
    expect(onboarding.status).toBe(200);
    const html = await onboarding.text();
    expect(html).toContain('Finish onboarding');
    expect(html).toContain(account.id);
    const finished = await fetch(formAction(html, link.url), { method: 'POST', redirect: 'manual' });
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe(`${APP}/connect/done`);
    // Account links are single-use: the next visit goes to refresh_url.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect([again.status, again.headers.get('location')]).toEqual([303, `${APP}/connect/refresh`]);

    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ charges_enabled: true, details_submitted: true, payouts_enabled: true, capabilities: { card_payments: 'active', transfers: 'active' } });
    expect(onboarded.requirements).toMatchObject({ currently_due: [], disabled_reason: null });

    await waitFor(() => connect.length === 1, 'account.updated on the Connect endpoint');
    expect(connect[0]).toMatchObject({ type: 'account.updated', account: account.id, object: { id: account.id, charges_enabled: true } });
    expect(platform).toEqual([]);
    expect(refused).toEqual([]);
    const [raw] = connectRaw;
    const event = verifier.webhooks.constructEvent(raw?.body ?? '', raw?.signature ?? '', CONNECT_WEBHOOK_SECRET, 300);
    expect(event.account).toBe(account.id);
    expect((event.data.previous_attributes as Record<string, unknown> | undefined)?.['charges_enabled']).toBe(false);
    expect(() => verifier.webhooks.constructEvent(raw?.body ?? '', raw?.signature ?? '', WEBHOOK_SECRET, 300)).toThrow(/signature/i);
    expect(standIn.connectWebhookSecret).toBe(CONNECT_WEBHOOK_SECRET);
  });

  it('sends an expired account link to refresh_url', async () => {
    const account = await createHostAccount();
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: `${APP}/connect/refresh`, return_url: `${APP}/connect/done` });
    await standIn.control.advanceClock(301);
    const visit = await fetch(link.url, { redirect: 'manual' });
    expect([visit.status, visit.headers.get('location')]).toEqual([303, `${APP}/connect/refresh`]);
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
  });

  it('creates login links to the Express Dashboard for onboarded Express accounts only', async () => {
    const account = await createHostAccount();
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/onboarding/) });
    const { deliveries } = await standIn.control.completeOnboarding(account.id);
    expect(deliveries.map((delivery) => [delivery.type, delivery.account, delivery.status])).toEqual([['account.updated', account.id, 200]]);
    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login).toMatchObject({ object: 'login_link' });
    const html = await (await fetch(login.url)).text();
    expect(html).toContain('Express Dashboard (stand-in)');
    expect(html).toContain('<span id="charges_enabled">true</span>');
    const standard = await stripe.accounts.create({ type: 'standard' });
    await expect(stripe.accounts.createLoginLink(standard.id)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/Express Dashboard/) });
  });

  it('refuses a destination that cannot take the money, and payment_intent_data that does not fit', async () => {
    const account = await createHostAccount();
    const destination = 'payment_intent_data[transfer_data][destination]';
    await expect(extrasSession(account.id)).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: destination, message: expect.stringMatching(/transfers/) });
    await expect(extrasSession('acct_missing')).rejects.toMatchObject({ statusCode: 400, param: destination, code: 'resource_missing' });
    await standIn.control.completeOnboarding(account.id);
    expect((await extrasSession(account.id)).status).toBe('open');

    await expect(extrasSession(account.id, { payment_intent_data: { application_fee_amount: 100 } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent_data[application_fee_amount]',
      message: expect.stringMatching(/transfer_data\[destination\]/),
    });
    await expect(extrasSession(account.id, { payment_intent_data: { application_fee_amount: 6000, transfer_data: { destination: account.id } } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent_data[application_fee_amount]',
    });
    await expect(
      extrasSession(account.id, { payment_intent_data: { capture_method: 'later' as Stripe.Checkout.SessionCreateParams.PaymentIntentData.CaptureMethod, transfer_data: { destination: account.id } } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent_data[capture_method]' });
    await expect(extrasSession(account.id, { line_items: [{ price: GOLD_MONTHLY, quantity: 1 }] })).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]', message: expect.stringMatching(/recurring/) });
    await expect(extrasSession(account.id, { line_items: [{ price_data: { currency: 'eur', unit_amount: 100 }, quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][product_data]',
      code: 'parameter_missing',
    });
    await expect(extrasSession(account.id, { return_url: `${APP}/r` })).rejects.toMatchObject({ statusCode: 400, param: 'return_url' });
    await expect(extrasSession(account.id, { line_items: [{ price_data: { currency: 'eur', unit_amount: 20, product_data: { name: 'Tiny' } }, quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/at least 0\.50 eur/),
    });
    // Calls made as the connected account (direct charges) are not modelled, and say so.
    await expect(stripe.paymentIntents.retrieve('pi_any', {}, { stripeAccount: account.id })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/Stripe-Account/) });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        ui_mode: 'embedded_page',
        line_items: [{ price: GOLD_MONTHLY, quantity: 1 }],
        return_url: `${APP}/r`,
        payment_intent_data: { metadata: { a: 'b' } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent_data' });

    // Stripe restricting the host's account: the Connect endpoint hears of it, and new orders are refused.
    const { account: restricted, deliveries } = await standIn.control.setAccount(account.id, { charges_enabled: false });
    expect(restricted).toMatchObject({ charges_enabled: false, requirements: { disabled_reason: 'requirements.past_due' } });
    expect(deliveries.map((delivery) => [delivery.type, delivery.account])).toEqual([['account.updated', account.id]]);
    await expect(extrasSession(account.id)).rejects.toMatchObject({ statusCode: 400, param: destination, message: expect.stringMatching(/charges_enabled/) });
  });

  it('takes a hosted destination charge, pays the host minus the fee, and refunds it with the transfer and the fee', async () => {
    const host = await onboardedHost();
    const session = await extrasSession(host.id, {}, { idempotencyKey: 'order-o1' });
    expect(session).toMatchObject({
      mode: 'payment',
      ui_mode: 'hosted_page',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
      currency: 'eur',
      client_secret: null,
      client_reference_id: 'o1',
      customer_email: 'guest@example.test',
      metadata: { orderId: 'o1' },
      payment_intent: null,
      cancel_url: `${APP}/extras`,
    });
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
    expect((await extrasSession(host.id, {}, { idempotencyKey: 'order-o1' })).id).toBe(session.id);

    const checkout = await (await fetch(session.url ?? '')).text();
    expect(checkout).toContain('Pay 50.00 EUR');
    const paid = await fetch(formAction(checkout, session.url ?? ''), { method: 'POST', redirect: 'manual' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `${APP}/extras/thanks?session_id=${session.id}`]);
    await waitFor(() => platform.some((event) => event.type === 'checkout.session.completed'), 'checkout.session.completed');
    expect(platform.map((event) => event.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'application_fee.created', 'checkout.session.completed']);
    // Only the onboarding reached the Connect endpoint: a destination charge is the platform's business.
    expect(connect.map((event) => event.type)).toEqual(['account.updated']);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'guest@example.test' } });
    const intent = await stripe.paymentIntents.retrieve(completed.payment_intent as string, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 5000,
      amount_received: 5000,
      amount_capturable: 0,
      capture_method: 'automatic',
      application_fee_amount: 500,
      transfer_data: { destination: host.id },
      metadata: { orderId: 'o1' },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', captured: true, amount_captured: 5000, payment_intent: intent.id });
    expect(charge.transfer).toMatch(/^tr_/);
    const fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
    expect(fee).toMatchObject({ amount: 500, account: host.id, charge: charge.id, refunded: false });
    expect((await stripe.checkout.sessions.list({ payment_intent: intent.id })).data.map((listed) => listed.id)).toEqual([session.id]);

    const half = { payment_intent: intent.id, amount: 2500, reverse_transfer: true, refund_application_fee: true };
    const refund = await stripe.refunds.create(half, { idempotencyKey: 'refund-o1' });
    expect(refund).toMatchObject({ object: 'refund', amount: 2500, status: 'succeeded', payment_intent: intent.id, charge: charge.id });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    expect((await stripe.refunds.create(half, { idempotencyKey: 'refund-o1' })).id).toBe(refund.id);
    expect(await stripe.applicationFees.retrieve(fee.id)).toMatchObject({ amount_refunded: 250, refunded: false });
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 2500, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 3000 })).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true });
    expect(await stripe.applicationFees.retrieve(fee.id)).toMatchObject({ amount_refunded: 500, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('holds an embedded manual-capture payment until captured, and releases another by canceling it', async () => {
    const host = await onboardedHost();
    const embedded = {
      ui_mode: 'embedded_page' as const,
      success_url: undefined,
      cancel_url: undefined,
      return_url: `${APP}/extras/return?session_id={CHECKOUT_SESSION_ID}`,
      payment_intent_data: { capture_method: 'manual' as const, transfer_data: { destination: host.id }, application_fee_amount: 500 },
    };
    const session = await extrasSession(host.id, embedded);
    expect(session).toMatchObject({ ui_mode: 'embedded_page', url: null, return_url: `${APP}/extras/return?session_id=${session.id}` });
    expect(session.client_secret?.startsWith(`${session.id}_secret_`)).toBe(true);
    await expect(extrasSession(host.id, { ...embedded, success_url: `${APP}/thanks` })).rejects.toMatchObject({ statusCode: 400, param: 'success_url' });

    const { paymentIntent, session: completed, deliveries } = await standIn.control.payCheckout(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: paymentIntent.id });
    expect(paymentIntent).toMatchObject({ status: 'requires_capture', amount_capturable: 5000, amount_received: 0, capture_method: 'manual' });
    expect(deliveries.map((delivery) => [delivery.type, delivery.status, delivery.account])).toEqual([
      ['charge.succeeded', 200, undefined],
      ['payment_intent.amount_capturable_updated', 200, undefined],
      ['checkout.session.completed', 200, undefined],
    ]);
    await expect(standIn.control.payCheckout(session.id)).rejects.toMatchObject({ status: 409 });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/successful charge/) });
    await expect(stripe.paymentIntents.capture(paymentIntent.id, { amount_to_capture: 6000 })).rejects.toMatchObject({ statusCode: 400, param: 'amount_to_capture' });

    const captured = await stripe.paymentIntents.capture(paymentIntent.id, {}, { idempotencyKey: 'capture-1' });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 5000, amount_capturable: 0 });
    expect((await stripe.paymentIntents.capture(paymentIntent.id, {}, { idempotencyKey: 'capture-1' })).status).toBe('succeeded');
    await expect(stripe.paymentIntents.capture(paymentIntent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.cancel(paymentIntent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    const charge = await stripe.charges.retrieve(captured.latest_charge as string);
    expect(charge.application_fee).toMatch(/^fee_/);

    const other = await extrasSession(host.id, embedded);
    const held = (await standIn.control.payCheckout(other.id)).paymentIntent;
    const canceled = await stripe.paymentIntents.cancel(held.id, { cancellation_reason: 'requested_by_customer' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer', amount_capturable: 0 });
    expect(canceled.canceled_at).toBeGreaterThan(0);
    await expect(stripe.paymentIntents.capture(held.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await waitFor(() => platform.some((event) => event.type === 'payment_intent.canceled'), 'payment_intent.canceled');
    expect(platform.filter((event) => event.type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('expires an open payment session and will not pay it afterwards', async () => {
    const host = await onboardedHost();
    const session = await extrasSession(host.id);
    const { session: expired, deliveries } = await standIn.control.expireCheckout(session.id);
    expect(expired.status).toBe('expired');
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['checkout.session.expired']);
    await expect(standIn.control.payCheckout(session.id)).rejects.toBeInstanceOf(StandInControlError);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain('<span id="status">expired</span>');
    expect(page).not.toContain('Pay ');
  });

  it('holds Connect events apart from platform ones and delivers them with the Connect signature on request', async () => {
    const account = await createHostAccount();
    await standIn.control.setConnectWebhook({ hold: true });
    const { deliveries } = await standIn.control.completeOnboarding(account.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['held']);
    const [event] = await standIn.control.events('account.updated');
    expect(event?.account).toBe(account.id);
    expect((await standIn.control.deliverEvent(event?.id ?? '', 'valid')).status).toBe(200);
    expect((await standIn.control.deliverEvent(event?.id ?? '', 'wrong-secret')).status).toBe(400);
    expect(connect.map((received) => received.id)).toEqual([event?.id]);
    const state = await standIn.control.state();
    expect(state.connectWebhook.hold).toBe(true);
    // The delivery logs outlive a reset; this test's entries are the last ones.
    expect(state.connectDeliveries.at(-1)).toEqual({ eventId: event?.id, type: 'account.updated', status: 'held', account: account.id });
    expect(state.deliveries.some((delivery) => delivery.eventId === event?.id)).toBe(false);
    expect(state.accounts.map((stored) => stored.id)).toEqual([account.id]);
  });
});
