import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { cancelSubscription } from '@server/money/subscriptions/cancel-subscription.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/cancel-subscription (docs/product.md §7): cancel at the period end → `{ message }`. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  await consumeRateLimits([rateRules.billingUser(access.teamId)]);
  return json(await cancelSubscription({ access }));
});
