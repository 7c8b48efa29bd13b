import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { refreshPayoutAccount } from '@server/money/payouts/refresh-payout-account.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';

/** POST /api/payouts/refresh → the payout state, the connected account re-read from Stripe. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.payoutsUser(user.id)]);
  return json(await refreshPayoutAccount({ userId: user.id }));
});
