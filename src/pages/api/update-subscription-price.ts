import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { changeSubscriptionPrice } from '@server/money/subscriptions/change-subscription-price.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { updateSubscriptionPriceSchema } from '@shared/schemas/billing.ts';

/** POST /api/update-subscription-price `{ newPriceId, newInterval }` → `{ message, change }` (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  const { newPriceId, newInterval } = await readBody(context.request, updateSubscriptionPriceSchema);
  await consumeRateLimits([rateRules.billingUser(access.teamId)]);
  return json(await changeSubscriptionPrice({ access, priceId: newPriceId, interval: newInterval }));
});
