import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { startPayoutOnboarding } from '@server/money/payouts/start-payout-onboarding.ts';
import { readOptionalBody } from '@server/instructions/read-optional-body.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { payoutOnboardingSchema } from '@shared/payouts.ts';

/** POST /api/payouts/onboarding `{ country? }` → `{ url }` of Stripe's onboarding; 400 for a country Stripe has no accounts in, 503 without Stripe, 403 on Free. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'payouts.manage');
  const { user } = requireUser(context.locals);
  await consumeRateLimits([rateRules.payoutsUser(access.teamId)]);
  const { country } = await readOptionalBody(context.request, payoutOnboardingSchema);
  return json(await startPayoutOnboarding({ access, email: user.email, country }));
});
