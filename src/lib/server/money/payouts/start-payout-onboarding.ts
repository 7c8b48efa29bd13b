import { sql } from 'kysely';
import { DEFAULT_CURRENCY } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import { hasOnlinePayments, type ConnectCountry } from '@shared/payouts.ts';
import type { Billing } from '../subscriptions/billing.ts';
import type { TeamAccess } from '../../account/team-access.ts';
import { getTeamPlan } from '../../account/team-plan.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { flagsOfAccount } from './payout-row.ts';
import { requirePayoutsStripe } from './require-payouts-stripe.ts';

/** Where Stripe's onboarding sends the host back: finished, or with a spent or expired link. */
function onboardingUrls(appUrl: URL): { return_url: string; refresh_url: string } {
  return {
    return_url: `${appUrl.origin}/dashboard/payouts?onboarding=done`,
    refresh_url: `${appUrl.origin}/dashboard/payouts?onboarding=refresh`,
  };
}

/**
 * POST /api/payouts/onboarding → `{ url }` of Stripe's hosted onboarding for the host's connected
 * account (docs/decisions/020-extras-and-the-money-flow.md): 503 without Stripe, 403 on Free. The
 * account is made once per team, in `country` (Stripe's default, the platform's, when none is
 * given), with the acting owner's address: its Idempotency-Key is the team's, so two clicks make one
 * account (docs/security.md 23), and a host who comes back gets a new link to the same account,
 * whatever country they send then.
 */
export async function startPayoutOnboarding({ access, email, country }: { access: TeamAccess; email: string; country?: ConnectCountry | undefined }): Promise<{ url: string }> {
  const billing = await requirePayoutsStripe();
  if (!hasOnlinePayments(await getTeamPlan(access.teamId))) throw new AppError('FORBIDDEN', messages.payouts.needsPlan);
  const { config } = await getRuntime();
  return withStripe('start payout onboarding', async () => {
    const account = await ensureConnectedAccount(billing, { access, email }, country);
    const link = await billing.stripe.accountLinks.create({ account, type: 'account_onboarding', ...onboardingUrls(config.appUrl) });
    return { url: link.url };
  });
}

/**
 * The team's connected account id, made on Stripe and stored the first time. Its metadata names the
 * team and the owner who made it (a migrated team's id is its owner's, docs/decisions/028-teams.md §1).
 */
async function ensureConnectedAccount(billing: Billing, { access, email }: { access: TeamAccess; email: string }, country: ConnectCountry | undefined): Promise<string> {
  const { db } = await getRuntime();
  const { teamId } = access;
  const stored = await db.selectFrom('payout_accounts').select('stripe_account_id').where('team_id', '=', teamId).executeTakeFirst();
  if (stored?.stripe_account_id) return stored.stripe_account_id;
  // Express: Stripe collects the details and hosts the host's dashboard; the platform pays
  // Stripe's fees and answers for losses, as destination charges need.
  const account = await billing.stripe.accounts.create(
    {
      controller: { fees: { payer: 'application' }, losses: { payments: 'application' }, stripe_dashboard: { type: 'express' } },
      email,
      ...(country ? { country } : {}),
      metadata: { teamId, userId: access.userId },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    },
    { idempotencyKey: `payout-account:${teamId}` },
  );
  const now = Date.now();
  // Two clicks at once got the same account (one key); a row that has an account keeps it.
  await db
    .insertInto('payout_accounts')
    .values({ team_id: teamId, stripe_account_id: account.id, currency: DEFAULT_CURRENCY, ...flagsOfAccount(account), updated_at: now })
    .onConflict((oc) =>
      oc.column('team_id').doUpdateSet({ stripe_account_id: sql<string>`COALESCE(payout_accounts.stripe_account_id, excluded.stripe_account_id)`, updated_at: now }),
    )
    .execute();
  const row = await db.selectFrom('payout_accounts').select('stripe_account_id').where('team_id', '=', teamId).executeTakeFirstOrThrow();
  return row.stripe_account_id ?? account.id;
}
