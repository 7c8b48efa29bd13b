import Stripe from 'stripe';
import type { StripeConfig } from '../../platform/config.ts';

/** The API version the `stripe` package pins (and its types describe). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The Stripe SDK client, built from configuration (docs/style.md 6). STRIPE_API_URL points it at
 * another host (tests: the stand-in in tests/helpers/stripe) through the SDK's own host, port and
 * protocol options, so tests run the production code path. Network errors and 5xx answers are
 * retried by the SDK with the same Idempotency-Key.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Porchlight' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}
