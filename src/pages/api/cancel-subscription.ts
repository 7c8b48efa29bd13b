import type { APIContext } from 'astro';
import { requireUser } from '../../lib/server/auth/require-user.ts';
import { cancelSubscription } from '../../lib/server/billing/cancel-subscription.ts';
import { handle, json } from '../../lib/server/http/json.ts';
import { consumeRateLimits, rateRules } from '../../lib/server/rate-limit.ts';

/** POST /api/cancel-subscription (SPEC §7): cancel at the period end → `{ message }`. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.billingUser(user.id)]);
  return json(await cancelSubscription({ userId: user.id }));
});
