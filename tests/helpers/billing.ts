import { expect } from 'vitest';
import { createUser, login, withCookie, type TestUser } from './auth.ts';
import { startServer, type TestServer } from './server.ts';
import type { StandInControl } from './stripe/control.ts';
import { PRICE_IDS, priceEnv, standInPrices } from './stripe/prices.ts';
import { startStripeStandIn, type PriceConfig, type StripeStandIn } from './stripe/stripe-standin.ts';

export { PRICE_IDS, standInPrices };

const SECRET_KEY = 'sk_test_porchlight';
/** The endpoint's signing secret, as the app and the stand-in share it (a test may sign an event by hand). */
export const WEBHOOK_SECRET = 'whsec_porchlight_test';
/** The Connect endpoint's own signing secret (payouts), apart from the platform's. */
export const CONNECT_WEBHOOK_SECRET = 'whsec_porchlight_connect_test';

/** The app's Stripe settings against a stand-in at `url`. */
export function stripeEnv(url: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_porchlight',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
    STRIPE_API_URL: url,
    ...priceEnv(),
  };
}

export interface BillingWorld {
  server: TestServer;
  standIn: StripeStandIn;
  control: StandInControl;
  stop(): Promise<void>;
}

/**
 * A real server configured for Stripe against the stand-in (tests/helpers/stripe), which POSTs
 * its signed events to the server's webhook endpoint: the production code path end to end.
 */
export async function startBillingWorld(options: { periodSeconds?: number; env?: Record<string, string>; prices?: PriceConfig[] } = {}): Promise<BillingWorld> {
  const standIn = await startAppStripeStandIn(options);
  const server = await startServer({ NODE_ENV: 'test', ...stripeEnv(standIn.url), ...options.env });
  standIn.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  standIn.setConnectWebhookUrl(`${server.url}/api/stripe/connect-webhook`);
  return {
    server,
    standIn,
    control: standIn.control,
    async stop() {
      await server.stop();
      await standIn.stop();
    },
  };
}

/** The stand-in alone, with the keys stripeEnv() gives the app (for several servers on one account). */
export function startAppStripeStandIn(options: { periodSeconds?: number; prices?: PriceConfig[] } = {}): Promise<StripeStandIn> {
  return startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_WEBHOOK_SECRET, prices: options.prices ?? standInPrices(), ...(options.periodSeconds ? { periodSeconds: options.periodSeconds } : {}) });
}

export interface Host extends TestUser {
  cookie: string;
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** JSON of a call that must succeed. */
  json<T = Record<string, unknown>>(path: string, init?: RequestInit & { json?: unknown }): Promise<T>;
}

/** A verified host signed in; with `freshTeam`, owning a team whose id is not theirs (tests/helpers/auth.ts). */
export async function signedInHost(server: TestServer, { freshTeam = false }: { freshTeam?: boolean } = {}): Promise<Host> {
  const user = await createUser(server, { freshTeam });
  const cookie = await login(server, user.email, user.password);
  const call: Host['call'] = (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
  return {
    ...user,
    cookie,
    call,
    async json<T>(path: string, init?: RequestInit & { json?: unknown }) {
      const response = await call(path, init);
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text) as T;
    },
  };
}

/** The Checkout Session id inside a client secret (`cs_…_secret_…`). */
export function sessionIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0]!;
}

/** Starts a checkout through the API and pays it on the stand-in: the host is subscribed. */
export async function subscribe(world: BillingWorld, host: Host, priceId: string): Promise<{ sessionId: string; subscriptionId: string }> {
  const { clientSecret } = await host.json<{ clientSecret: string }>('/api/create-checkout-session', { json: { price_id: priceId } });
  const sessionId = sessionIdOf(clientSecret);
  const { subscription, deliveries } = await world.control.completeCheckout(sessionId, 'paid');
  for (const delivery of deliveries) expect(delivery.status, `${delivery.type} delivered`).toBe(200);
  return { sessionId, subscriptionId: subscription.id };
}

export async function planOf(host: Host): Promise<string> {
  return (await host.json<{ plan: string }>('/api/users/me')).plan;
}
