import type { PayoutState } from '@shared/payouts.ts';
import { isMissing, withStripe } from '../subscriptions/stripe-errors.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { getPayoutState } from './get-payout-state.ts';
import { requirePayoutsStripe } from './require-payouts-stripe.ts';
import { afterHostPagesChange } from '../../guidebook/guidebook-writes.ts';
import { storeAccountState } from './store-account-state.ts';

/**
 * POST /api/payouts/refresh: re-reads the team's connected account from Stripe and stores what it
 * says, so a missed or late Connect event cannot leave the row wrong for long
 * (docs/decisions/020-extras-and-the-money-flow.md). The dashboard calls it on the way back from
 * onboarding and from its Refresh button. Without an account there is nothing to ask.
 */
export async function refreshPayoutAccount({ access }: { access: TeamScope }): Promise<PayoutState> {
  const billing = await requirePayoutsStripe();
  const { db, log } = await getRuntime();
  const row = await db.selectFrom('payout_accounts').select('stripe_account_id').where('team_id', '=', access.teamId).executeTakeFirst();
  const accountId = row?.stripe_account_id;
  if (accountId) {
    await withStripe('refresh payout account', async () => {
      try {
        const chargesChanged = await storeAccountState(db, await billing.stripe.accounts.retrieve(accountId));
        if (chargesChanged) await afterHostPagesChange(chargesChanged);
      } catch (error) {
        // Deleted on Stripe's side (or another key's account): the row stays as it was, for an operator to look at.
        if (!isMissing(error)) throw error;
        log.warn({ teamId: access.teamId, account: accountId }, 'payouts: the connected account is missing on Stripe');
      }
    });
  }
  return getPayoutState({ access });
}
