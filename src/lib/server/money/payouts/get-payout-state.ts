import type { PayoutState } from '@shared/payouts.ts';
import { getUserPlan } from '../../account/get-user-plan.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { payoutStateOf } from './payout-row.ts';

/** GET /api/payouts: the host's payout state as stored (docs/product.md §2 Payouts); asks Stripe nothing. */
export async function getPayoutState({ userId }: { userId: string }): Promise<PayoutState> {
  const { db, config, billing } = await getRuntime();
  const [row, plan] = await Promise.all([db.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst(), getUserPlan(userId)]);
  return payoutStateOf(row, { stripeConfigured: billing !== undefined, feePercent: config.platformFeePercent, plan });
}
