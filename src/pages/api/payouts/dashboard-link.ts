import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { createPayoutDashboardLink } from '@server/money/payouts/create-payout-dashboard-link.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/payouts/dashboard-link → `{ url }` of the host's Stripe Express dashboard; 409 before onboarding is done. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.payoutsUser(user.id)]);
  return json(await createPayoutDashboardLink({ userId: user.id }));
});
