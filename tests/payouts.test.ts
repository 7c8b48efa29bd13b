import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';
import { CURRENCY_CODES } from '../src/lib/shared/currencies.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { PayoutState } from '../src/lib/shared/payouts.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Settings } from '../src/lib/shared/schemas/settings.ts';
import { query, run, setUserPlan } from './helpers/auth.ts';
import { CONNECT_WEBHOOK_SECRET, signedInHost, startAppStripeStandIn, stripeEnv, WEBHOOK_SECRET, type Host } from './helpers/billing.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';

/**
 * Payouts through Stripe Connect (docs/decisions/020-extras-and-the-money-flow.md, docs/product.md §2
 * Payouts): a host connects a Stripe account and the server keeps its state from Connect events,
 * signed with their own secret, and from re-reads. Over real HTTP against the Stripe stand-in,
 * which sends its Connect events to the server's /api/stripe/connect-webhook signed with
 * CONNECT_WEBHOOK_SECRET (the server's STRIPE_CONNECT_WEBHOOK_SECRET, through stripeEnv).
 */
let standIn: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  standIn = await startAppStripeStandIn();
  server = await startServer({ NODE_ENV: 'test', ...stripeEnv(standIn.url), PLATFORM_FEE_PERCENT: '2.5' });
  standIn.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  standIn.setConnectWebhookUrl(`${server.url}/api/stripe/connect-webhook`);
});

afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
});

beforeEach(async () => {
  await standIn.control.setConnectWebhook({ hold: false });
});

async function goldHost(): Promise<Host> {
  const host = await signedInHost(server);
  setUserPlan(server, host.id, 'gold');
  return host;
}

interface PayoutRow {
  stripe_account_id: string | null;
  currency: string;
  charges_enabled: number;
  details_submitted: number;
  payouts_enabled: number;
  disabled_reason: string | null;
}

const rowOf = (userId: string) =>
  query<PayoutRow>(server, 'SELECT stripe_account_id, currency, charges_enabled, details_submitted, payouts_enabled, disabled_reason FROM payout_accounts WHERE team_id = ?', userId)[0];
const eventRows = (id: string) => query(server, 'SELECT id FROM stripe_events WHERE id = ?', id);

/** The first form's action on a stand-in page, resolved against the page. */
function formAction(html: string, base: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html}`);
  return new URL(action.replaceAll('&amp;', '&'), base).toString();
}

/** Onboarding as a browser goes through it: the link's page, then its form; answers where Stripe sends the host. */
async function finishOnboarding(url: string): Promise<string | null> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const finished = await fetch(formAction(await page.text(), url), { method: 'POST', redirect: 'manual' });
  expect(finished.status).toBe(303);
  return finished.headers.get('location');
}

/** A host whose account went through onboarding; its Connect event delivered. */
async function onboardedHost(): Promise<{ host: Host; accountId: string }> {
  const host = await goldHost();
  const { url } = await host.json<{ url: string }>('/api/payouts/onboarding', { method: 'POST', json: {} });
  await finishOnboarding(url);
  await expect.poll(async () => (await host.json<PayoutState>('/api/payouts')).chargesEnabled).toBe(true);
  return { host, accountId: rowOf(host.id)!.stripe_account_id! };
}

/** Posts `payload` to the Connect endpoint, signed with `secret`. */
function postConnectEvent(payload: string, secret: string): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${server.url}/api/stripe/connect-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
}

describe('PLATFORM_FEE_PERCENT and STRIPE_CONNECT_WEBHOOK_SECRET', () => {
  it('takes a percentage from 0 to 50 (decimals allowed), 0 when unset, and refuses anything else at start', () => {
    expect(parseConfig({}).platformFeePercent).toBe(0);
    expect(parseConfig({ PLATFORM_FEE_PERCENT: '2.5' }).platformFeePercent).toBe(2.5);
    expect(parseConfig({ PLATFORM_FEE_PERCENT: '50' }).platformFeePercent).toBe(50);
    for (const value of ['51', '-1', 'ten', '5%']) {
      expect(() => parseConfig({ PLATFORM_FEE_PERCENT: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ PLATFORM_FEE_PERCENT: value }), value).toThrow(/^\s*PLATFORM_FEE_PERCENT: expected a percentage from 0 to 50/m);
    }
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_c' }).stripe?.connectWebhookSecret).toBe('whsec_c');
  });
});

describe('payouts with Stripe', () => {
  it('a new host reads the default state; the currency is chosen and kept without a Stripe account', async () => {
    const host = await goldHost();
    expect(await host.json<PayoutState>('/api/payouts')).toEqual({
      stripeConfigured: true,
      currency: 'eur',
      connected: false,
      chargesEnabled: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
      disabledReason: null,
      feePercent: 2.5,
      onlinePaymentsPlan: true,
    });
    const saved = await host.json<PayoutState>('/api/payouts/currency', { method: 'PUT', json: { currency: 'USD' } });
    expect(saved).toMatchObject({ currency: 'usd', connected: false });
    expect(await host.json<PayoutState>('/api/payouts')).toEqual(saved);
    expect(rowOf(host.id)).toMatchObject({ stripe_account_id: null, currency: 'usd', charges_enabled: 0 });
  });

  it('refuses a currency we do not sell in, naming the choices, and keeps the one chosen', async () => {
    const host = await goldHost();
    await host.json('/api/payouts/currency', { method: 'PUT', json: { currency: 'gbp' } });
    for (const body of [{ currency: 'xyz' }, { currency: '' }, { currency: 7 }, {}]) {
      const response = await host.call('/api/payouts/currency', { method: 'PUT', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ message: messages.payouts.currencyInvalid(CURRENCY_CODES) });
    }
    expect(messages.payouts.currencyInvalid(CURRENCY_CODES)).toContain('EUR, USD, GBP');
    expect((await host.json<PayoutState>('/api/payouts')).currency).toBe('gbp');
  });

  it('a new currency reprices the extras already written: every guidebook (a new version, its stay pages) and Auto-Fill’s defaults', async () => {
    const host = await goldHost();
    const extras = [
      { id: 1, kind: 'item', title: 'Breakfast basket', price: 2550 },
      { id: 2, kind: 'item', title: 'Bikes', price: 0 },
      { id: 3, kind: 'late-checkout', title: 'Late check-out', price: 25000, lateCheckoutUntil: '13:00' },
    ];
    const { instruction } = await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: 'Harbour Loft', extras } });
    const settings = await host.json<Settings>('/api/settings');
    await host.json('/api/settings', { method: 'PUT', json: { ...settings, extras: [extras[0]] } });

    // Yen have no cents: €25.50 is ¥26, raised to the smallest card payment (¥50); €250 is ¥250; free stays free.
    await host.json('/api/payouts/currency', { method: 'PUT', json: { currency: 'jpy' } });
    const after = await host.json<Instruction>(`/api/instruction/${instruction._id}`);
    expect(after.extras.map((extra) => [extra.currency, extra.price])).toEqual([
      ['jpy', 50],
      ['jpy', 0],
      ['jpy', 25000 / 100],
    ]);
    expect(after.version).toBe(instruction.version + 1);
    expect((await host.json<Settings>('/api/settings')).extras.map((extra) => [extra.currency, extra.price])).toEqual([['jpy', 50]]);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { stay } = await host.json<{ stay: { token: string } }>(`/api/instruction/${instruction._id}/stays`, { json: { guestName: 'Ana', checkIn: day(3), checkOut: day(5) } });
    const page = await (await server.request(`/stay/${stay.token}`)).text();
    expect(page).toContain('¥250');
    expect(page).not.toContain('€');

    // And back to pounds: the same numbers again, with pence.
    await host.json('/api/payouts/currency', { method: 'PUT', json: { currency: 'gbp' } });
    const back = await host.json<Instruction>(`/api/instruction/${instruction._id}`);
    expect(back.extras.map((extra) => [extra.currency, extra.price])).toEqual([
      ['gbp', 5000],
      ['gbp', 0],
      ['gbp', 25000],
    ]);

    // A save in another currency (an old tab, a script) is priced in the host's.
    const sent = await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: 'Old tab', extras: [{ ...extras[0], currency: 'eur' }] } });
    expect(sent.instruction.extras.map((extra) => [extra.currency, extra.price])).toEqual([['gbp', 2550]]);
  });

  it('keeps the currency once a guest has ordered an extra (409), and answers the same currency as it is', async () => {
    const host = await goldHost();
    await host.json('/api/payouts/currency', { method: 'PUT', json: { currency: 'dkk' } });
    const { instruction } = await host.json<{ instruction: { _id: string } }>('/api/instruction', { json: { nameInstruction: 'Harbour Loft' } });
    const now = Date.now();
    run(
      server,
      `INSERT INTO orders (id, user_id, team_id, instruction_id, extra_id, kind, title, amount, currency, approval, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 1, 'item', 'Breakfast basket', 15000, 'dkk', 'host', 'requested', ?, ?)`,
      `order-${host.id}`,
      host.id,
      host.teamId,
      instruction._id,
      now,
      now,
    );
    const refused = await host.call('/api/payouts/currency', { method: 'PUT', json: { currency: 'eur' } });
    expect([refused.status, await refused.json()]).toEqual([409, { message: messages.payouts.currencyLocked }]);
    expect((await host.json<PayoutState>('/api/payouts/currency', { method: 'PUT', json: { currency: 'DKK' } })).currency).toBe('dkk');
    expect(rowOf(host.id)?.currency).toBe('dkk');
  });

  it('two simultaneous clicks on Connect make one Express account, keyed by the host', async () => {
    const host = await goldHost();
    await host.json('/api/payouts/currency', { method: 'PUT', json: { currency: 'chf' } });
    await standIn.control.resetCalls();
    const answers = await Promise.all([0, 1].map(() => host.call('/api/payouts/onboarding', { method: 'POST', json: {} })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const urls = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { url: string }).url));
    for (const url of urls) expect(url.startsWith(`${standIn.url}/connect/onboarding/`)).toBe(true);

    const accounts = (await standIn.control.state()).accounts.filter((account) => account.metadata?.['userId'] === host.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ type: 'express', email: host.email, capabilities: { card_payments: 'inactive', transfers: 'inactive' }, controller: { stripe_dashboard: { type: 'express' } } });
    expect(rowOf(host.id)).toMatchObject({ stripe_account_id: accounts[0]!.id, currency: 'chf', charges_enabled: 0, details_submitted: 0 });
    const creates = (await standIn.control.calls()).filter((call) => call.method === 'POST' && call.path === '/v1/accounts');
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const call of creates) expect(call.idempotencyKey).toBe(`payout-account:${host.id}`);
    const links = (await standIn.control.calls()).filter((call) => call.path === '/v1/account_links');
    expect(links[0]?.params).toMatchObject({
      account: accounts[0]!.id,
      type: 'account_onboarding',
      return_url: `${server.origin}/dashboard/payouts?onboarding=done`,
      refresh_url: `${server.origin}/dashboard/payouts?onboarding=refresh`,
    });
    expect(await host.json<PayoutState>('/api/payouts')).toMatchObject({ connected: true, detailsSubmitted: false, chargesEnabled: false });

    // Coming back later reuses the account.
    await host.json('/api/payouts/onboarding', { method: 'POST', json: {} });
    expect((await standIn.control.state()).accounts.filter((account) => account.metadata?.['userId'] === host.id)).toHaveLength(1);
  });

  it('makes the account in the country the host names; a country Stripe has no accounts in is refused before anything is made', async () => {
    const host = await goldHost();
    for (const country of ['ZZ', 'RU', 7]) {
      const refused = await host.call('/api/payouts/onboarding', { method: 'POST', json: { country } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: messages.payouts.countryInvalid });
    }
    expect((await standIn.control.state()).accounts.filter((account) => account.metadata?.['userId'] === host.id)).toHaveLength(0);
    await host.json('/api/payouts/onboarding', { method: 'POST', json: { country: 'at' } });
    const [account] = (await standIn.control.state()).accounts.filter((each) => each.metadata?.['userId'] === host.id);
    expect(account).toMatchObject({ country: 'AT' });
  });

  it('following the onboarding pages sends the host back, and the Connect event turns charges on', async () => {
    const host = await goldHost();
    const { url } = await host.json<{ url: string }>('/api/payouts/onboarding', { method: 'POST', json: {} });
    expect(await finishOnboarding(url)).toBe(`${server.origin}/dashboard/payouts?onboarding=done`);
    await expect.poll(async () => (await host.json<PayoutState>('/api/payouts')).chargesEnabled).toBe(true);
    expect(await host.json<PayoutState>('/api/payouts')).toMatchObject({ connected: true, chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true, disabledReason: null });
    const [delivery] = (await standIn.control.state()).connectDeliveries.filter((candidate) => candidate.account === rowOf(host.id)?.stripe_account_id);
    expect(delivery).toMatchObject({ type: 'account.updated', status: 200 });
    expect(eventRows(delivery!.eventId)).toHaveLength(1);
  });

  it('Refresh re-reads the account from Stripe when its event has not arrived', async () => {
    const { host, accountId } = await onboardedHost();
    await standIn.control.setConnectWebhook({ hold: true });
    const { deliveries } = await standIn.control.setAccount(accountId, { charges_enabled: false, payouts_enabled: false, disabled_reason: 'requirements.past_due' });
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['held']);
    expect((await host.json<PayoutState>('/api/payouts')).chargesEnabled).toBe(true);

    const refreshed = await host.json<PayoutState>('/api/payouts/refresh', { method: 'POST', json: {} });
    expect(refreshed).toMatchObject({ connected: true, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: true, disabledReason: 'requirements.past_due' });
    expect(await host.json<PayoutState>('/api/payouts')).toEqual(refreshed);
    expect(rowOf(host.id)).toMatchObject({ charges_enabled: 0, payouts_enabled: 0, disabled_reason: 'requirements.past_due' });

    // The late event changes nothing more: it re-reads the same account.
    expect((await standIn.control.deliverEvent(deliveries[0]!.eventId)).status).toBe(200);
    expect(await host.json<PayoutState>('/api/payouts')).toEqual(refreshed);
  });

  it('Refresh without an account asks Stripe nothing', async () => {
    const host = await goldHost();
    await standIn.control.resetCalls();
    expect(await host.json<PayoutState>('/api/payouts/refresh', { method: 'POST', json: {} })).toMatchObject({ connected: false });
    expect(await standIn.control.calls()).toEqual([]);
  });

  it('a Connect event signed with the platform secret answers 400 and changes nothing', async () => {
    const { host, accountId } = await onboardedHost();
    await standIn.control.setConnectWebhook({ hold: true });
    const { deliveries } = await standIn.control.setAccount(accountId, { charges_enabled: false });
    const event = (await standIn.control.events('account.updated')).find((candidate) => candidate.id === deliveries[0]!.eventId)!;
    const response = await postConnectEvent(JSON.stringify(event), WEBHOOK_SECRET);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.billing.webhookSignature });
    const unsigned = await fetch(`${server.url}/api/stripe/connect-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    for (const mode of ['wrong-secret', 'stale', 'tampered'] as const) expect((await standIn.control.deliverEvent(event.id, mode)).status, mode).toBe(400);
    expect(eventRows(event.id)).toEqual([]);
    expect(rowOf(host.id)).toMatchObject({ charges_enabled: 1 });
    expect((await host.json<PayoutState>('/api/payouts')).chargesEnabled).toBe(true);
  });

  it('the same event twice is processed once', async () => {
    const { host, accountId } = await onboardedHost();
    await standIn.control.setConnectWebhook({ hold: true });
    const { deliveries } = await standIn.control.setAccount(accountId, { payouts_enabled: false });
    const eventId = deliveries[0]!.eventId;
    await standIn.control.resetCalls();
    const first = await standIn.control.deliverEvent(eventId);
    const second = await standIn.control.deliverEvent(eventId);
    expect([first.status, JSON.parse(first.body)]).toEqual([200, { received: true, outcome: 'synced' }]);
    expect([second.status, JSON.parse(second.body)]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    // One re-read of the account: the second delivery stopped at the stored id.
    expect((await standIn.control.calls()).filter((call) => call.method === 'GET' && call.path === `/v1/accounts/${accountId}`)).toHaveLength(1);
    expect(eventRows(eventId)).toHaveLength(1);
    expect((await host.json<PayoutState>('/api/payouts')).payoutsEnabled).toBe(false);
  });

  it('an event about an account no host holds answers 200 and logs a warning', async () => {
    const event = {
      id: `evt_connect_unknown_${Date.now()}`,
      object: 'event',
      type: 'account.updated',
      account: 'acct_nobody_of_ours',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'acct_nobody_of_ours', object: 'account', charges_enabled: true } },
    };
    const response = await postConnectEvent(JSON.stringify(event), CONNECT_WEBHOOK_SECRET);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'unknown-account' });
    expect(eventRows(event.id)).toHaveLength(1);
    await expect.poll(() => server.logs.some((line) => line.includes('"level":40') && line.includes('acct_nobody_of_ours'))).toBe(true);
    expect(query(server, 'SELECT team_id FROM payout_accounts WHERE stripe_account_id = ?', 'acct_nobody_of_ours')).toEqual([]);
  });

  it('the Stripe dashboard link needs finished details (409 before)', async () => {
    const early = await goldHost();
    const none = await early.call('/api/payouts/dashboard-link', { method: 'POST', json: {} });
    expect([none.status, await none.json()]).toEqual([409, { message: messages.payouts.dashboardUnavailable }]);
    await early.json('/api/payouts/onboarding', { method: 'POST', json: {} });
    expect((await early.call('/api/payouts/dashboard-link', { method: 'POST', json: {} })).status).toBe(409);

    const { host } = await onboardedHost();
    const { url } = await host.json<{ url: string }>('/api/payouts/dashboard-link', { method: 'POST', json: {} });
    expect(await (await fetch(url)).text()).toContain('Express Dashboard (stand-in)');
  });

  it('a Free host reads the state but cannot start onboarding (403)', async () => {
    const host = await signedInHost(server);
    expect(await host.json<PayoutState>('/api/payouts')).toMatchObject({ stripeConfigured: true, onlinePaymentsPlan: false, connected: false });
    const response = await host.call('/api/payouts/onboarding', { method: 'POST', json: {} });
    expect([response.status, await response.json()]).toEqual([403, { message: messages.payouts.needsPlan }]);
    expect(messages.payouts.needsPlan).toMatch(/Gold and Premium/);
    expect(rowOf(host.id)).toBeUndefined();
    // A currency may still be chosen: extras are requests on Free.
    expect((await host.json<PayoutState>('/api/payouts/currency', { method: 'PUT', json: { currency: 'jpy' } })).currency).toBe('jpy');
  });

  it('refuses cross-site writes and callers without a session', async () => {
    const host = await goldHost();
    const crossSite = await host.call('/api/payouts/onboarding', { method: 'POST', json: {}, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await server.request('/api/payouts')).status).toBe(401);
    expect(rowOf(host.id)).toBeUndefined();
  });
});

describe('payouts without Stripe, or without the Connect secret', () => {
  it('without Stripe: GET says so, onboarding and the Connect endpoint answer 503', async () => {
    const bare = await startServer({ NODE_ENV: 'test' });
    try {
      const host = await signedInHost(bare);
      setUserPlan(bare, host.id, 'gold');
      expect(await host.json<PayoutState>('/api/payouts')).toMatchObject({ stripeConfigured: false, onlinePaymentsPlan: true, feePercent: 0 });
      for (const path of ['/api/payouts/onboarding', '/api/payouts/refresh', '/api/payouts/dashboard-link']) {
        const response = await host.call(path, { method: 'POST', json: {} });
        expect([response.status, await response.json()], path).toEqual([503, { message: messages.payouts.notConfigured }]);
      }
      expect((await host.json<PayoutState>('/api/payouts/currency', { method: 'PUT', json: { currency: 'sek' } })).currency).toBe('sek');
      const webhook = await bare.request('/api/stripe/connect-webhook', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x', origin: 'https://stripe.example' } });
      expect(webhook.status).toBe(503);
      expect(await webhook.json()).toEqual({ message: messages.payouts.notConfigured });
    } finally {
      await bare.stop();
    }
  });

  it('with Stripe but no STRIPE_CONNECT_WEBHOOK_SECRET: Connect events answer 503 and the log says why', async () => {
    const noSecret = await startServer({ NODE_ENV: 'test', ...stripeEnv(standIn.url), STRIPE_CONNECT_WEBHOOK_SECRET: '' });
    try {
      const payload = JSON.stringify({ id: 'evt_no_secret', object: 'event', type: 'account.updated', account: 'acct_x', data: { object: { id: 'acct_x', object: 'account' } } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: CONNECT_WEBHOOK_SECRET });
      const response = await fetch(`${noSecret.url}/api/stripe/connect-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      expect([response.status, await response.json()]).toEqual([503, { message: messages.payouts.connectWebhookNotConfigured }]);
      await expect.poll(() => noSecret.logs.some((line) => line.includes('STRIPE_CONNECT_WEBHOOK_SECRET is not set'))).toBe(true);
    } finally {
      await noSecret.stop();
    }
  });
});
