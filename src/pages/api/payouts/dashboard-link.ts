import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { createPayoutDashboardLink } from '@server/money/payouts/create-payout-dashboard-link.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/payouts/dashboard-link → `{ url }` of the host's Stripe Express dashboard; 409 before onboarding is done. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'payouts.manage');
  await consumeRateLimits([rateRules.payoutsUser(access.teamId)]);
  return json(await createPayoutDashboardLink({ access }));
});
