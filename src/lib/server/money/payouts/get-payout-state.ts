import type { PayoutState } from '@shared/payouts.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { getTeamPlan } from '../../account/team-plan.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { payoutStateOf } from './payout-row.ts';

/** GET /api/payouts: the team's payout state as stored (docs/product.md §2 Payouts); asks Stripe nothing. */
export async function getPayoutState({ access }: { access: TeamScope }): Promise<PayoutState> {
  const { db, config, billing } = await getRuntime();
  const [row, plan] = await Promise.all([db.selectFrom('payout_accounts').selectAll().where('team_id', '=', access.teamId).executeTakeFirst(), getTeamPlan(access.teamId)]);
  return payoutStateOf(row, { stripeConfigured: billing !== undefined, feePercent: config.platformFeePercent, plan });
}
