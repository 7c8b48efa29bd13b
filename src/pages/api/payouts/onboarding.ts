import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { startPayoutOnboarding } from '@server/payouts/start-payout-onboarding.ts';
import { consumeRateLimits, rateRules } from '@server/rate-limit.ts';

/** POST /api/payouts/onboarding → `{ url }` of Stripe's onboarding; 503 without Stripe, 403 on Free. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.payoutsUser(user.id)]);
  return json(await startPayoutOnboarding({ user }));
});
