import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
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
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  const { user } = requireUser(context.locals);
  const { price_id } = await readBody(context.request, checkoutSessionSchema);
  await consumeRateLimits([rateRules.billingUser(access.teamId)]);
  return json(await createCheckoutSession({ owner: { teamId: access.teamId, userId: user.id, email: user.email, name: user.name }, priceId: price_id }));
});
