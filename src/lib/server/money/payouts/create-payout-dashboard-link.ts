import { messages } from '@shared/messages.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { requirePayoutsStripe } from './require-payouts-stripe.ts';

/**
 * POST /api/payouts/dashboard-link → `{ url }` of the host's Express dashboard on Stripe (balance,
 * payouts, bank account). Stripe makes these links only once onboarding is done: 409 before.
 */
export async function createPayoutDashboardLink({ access }: { access: TeamScope }): Promise<{ url: string }> {
  const billing = await requirePayoutsStripe();
  const { db } = await getRuntime();
  const row = await db.selectFrom('payout_accounts').select(['stripe_account_id', 'details_submitted']).where('team_id', '=', access.teamId).executeTakeFirst();
  const accountId = row?.stripe_account_id;
  if (!accountId || row.details_submitted !== 1) throw new AppError('CONFLICT', messages.payouts.dashboardUnavailable);
  return withStripe('create payout dashboard link', async () => {
    const link = await billing.stripe.accounts.createLoginLink(accountId);
    return { url: link.url };
  });
}
