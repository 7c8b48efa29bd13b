import type { APIContext } from 'astro';
import { handle, json, readRawBody } from '@server/http/json.ts';
import { receiveStripeEvent } from '@server/money/stripe-events.ts';

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/connect-webhook: Connect events (`account.updated`), without a session or Origin
 * check like the platform's endpoint (docs/security.md 7); its proof is the signature made with the
 * Connect endpoint's own secret. 400 bad signature, 503 without that secret, 5xx retry, 200 otherwise.
 */
export const POST = handle(async (context: APIContext) => {
  const rawBody = await readRawBody(context.request, WEBHOOK_BODY_LIMIT);
  const outcome = await receiveStripeEvent('connect', { rawBody, signature: context.request.headers.get('stripe-signature') });
  return json({ received: true, outcome });
});
