/**
 * The Stripe stand-in as its own process, for Playwright's `webServer`:
 *
 *   node tests/helpers/stripe/cli.ts --port 12111
 *
 * Settings come from flags or the environment (flags win): --port / STANDIN_PORT,
 * --webhook-url / STANDIN_WEBHOOK_URL, --webhook-secret / STRIPE_WEBHOOK_SECRET,
 * --secret-key / STRIPE_SECRET_KEY, --period-seconds / STANDIN_PERIOD_SECONDS, the Connect endpoint
 * --connect-webhook-url / STANDIN_CONNECT_WEBHOOK_URL and its secret --connect-webhook-secret /
 * STRIPE_CONNECT_WEBHOOK_SECRET, and the price ids
 * STRIPE_PRICE_{GOLD,PREMIUM}_{MONTHLY,YEARLY} (the app's own variables, so both sides agree).
 */
import { parseArgs } from 'node:util';
import { PRICE_IDS, priceVariable, standInPrices } from './prices.ts';
import { startStripeStandIn } from './stripe-standin.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'connect-webhook-url': { type: 'string' },
    'connect-webhook-secret': { type: 'string' },
    'secret-key': { type: 'string' },
    'period-seconds': { type: 'string' },
  },
});

const env = (name: string): string | undefined => process.env[name] || undefined;
const port = Number(values.port ?? env('STANDIN_PORT') ?? 12111);
const periodSeconds = values['period-seconds'] ?? env('STANDIN_PERIOD_SECONDS');

// The app's own price variables, so both sides agree; amounts from src/lib/shared/plans.ts.
const prices = standInPrices((plan, interval) => env(priceVariable(plan, interval)) ?? PRICE_IDS[plan][interval]);

const webhookUrl = values['webhook-url'] ?? env('STANDIN_WEBHOOK_URL');
const connectWebhookUrl = values['connect-webhook-url'] ?? env('STANDIN_CONNECT_WEBHOOK_URL');
const connectWebhookSecret = values['connect-webhook-secret'] ?? env('STRIPE_CONNECT_WEBHOOK_SECRET');
const standIn = await startStripeStandIn({
  port,
  secretKey: values['secret-key'] ?? env('STRIPE_SECRET_KEY') ?? 'sk_test_standin',
  webhookSecret: values['webhook-secret'] ?? env('STRIPE_WEBHOOK_SECRET') ?? 'whsec_standin',
  prices,
  ...(webhookUrl ? { webhookUrl } : {}),
  ...(connectWebhookUrl ? { connectWebhookUrl } : {}),
  ...(connectWebhookSecret ? { connectWebhookSecret } : {}),
  ...(periodSeconds ? { periodSeconds: Number(periodSeconds) } : {}),
});

console.log(`stripe stand-in listening on ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.stop().then(() => process.exit(0));
  });
}
