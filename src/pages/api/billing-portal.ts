import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { createBillingPortalSession } from '@server/money/subscriptions/create-billing-portal-session.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/billing-portal → `{ url }` of Stripe's Customer Portal for the signed-in user. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  await consumeRateLimits([rateRules.billingUser(access.teamId)]);
  return json(await createBillingPortalSession({ access }));
});
