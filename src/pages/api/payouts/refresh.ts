import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { refreshPayoutAccount } from '@server/money/payouts/refresh-payout-account.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/payouts/refresh → the payout state, the connected account re-read from Stripe. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'payouts.manage');
  await consumeRateLimits([rateRules.payoutsUser(access.teamId)]);
  return json(await refreshPayoutAccount({ access }));
});
