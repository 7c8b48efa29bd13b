import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { createCheckoutSession } from '@server/money/subscriptions/create-checkout-session.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { checkoutSessionSchema } from '@shared/schemas/billing.ts';

/**
 * POST /api/create-checkout-session `{ price_id }` → `{ clientSecret }` (docs/product.md §7); 409 while
 * subscribed, 503 without Stripe.
 */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { price_id } = await readBody(context.request, checkoutSessionSchema);
  await consumeRateLimits([rateRules.billingUser(user.id)]);
  return json(await createCheckoutSession({ user, priceId: price_id }));
});
