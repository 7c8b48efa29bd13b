import type { APIContext } from 'astro';
import { handle, json, readRawBody } from '@server/http/json.ts';
import { receiveStripeEvent } from '@server/money/stripe-events.ts';

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook: the one /api write without a session or Origin check (docs/security.md 7);
 * its proof is Stripe's signature over the raw body. 400 bad signature, 5xx retry, 200 otherwise.
 */
export const POST = handle(async (context: APIContext) => {
  const rawBody = await readRawBody(context.request, WEBHOOK_BODY_LIMIT);
  const outcome = await receiveStripeEvent('platform', { rawBody, signature: context.request.headers.get('stripe-signature') });
  return json({ received: true, outcome });
});
