import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { cancelSubscription } from '@server/money/subscriptions/cancel-subscription.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/cancel-subscription (docs/product.md §7): cancel at the period end → `{ message }`. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.billingUser(user.id)]);
  return json(await cancelSubscription({ userId: user.id }));
});
