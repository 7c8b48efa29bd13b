import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { createBillingPortalSession } from '@server/money/subscriptions/create-billing-portal-session.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/billing-portal → `{ url }` of Stripe's Customer Portal for the signed-in user. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.billingUser(user.id)]);
  return json(await createBillingPortalSession({ userId: user.id }));
});
