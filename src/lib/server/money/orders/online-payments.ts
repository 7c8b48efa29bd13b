import { hasOnlinePayments } from '@shared/payouts.ts';
import type { Billing } from '../subscriptions/billing.ts';
import { getTeamPlan } from '../../account/team-plan.ts';
import { getRuntime } from '../../platform/runtime.ts';

/**
 * Paid orders (docs/decisions/020-extras-and-the-money-flow.md, the money flow): a Checkout Session
 * on the platform whose PaymentIntent is a destination charge to the host's connected account, the
 * platform's events that record the payment, and the host's decisions that capture, release or
 * refund it. Stripe is the truth about money: every handler re-reads the session or the
 * PaymentIntent and acts on what it says now; our side changes by compare-and-set under the
 * guidebook's orders lock, and Stripe is then brought to agree with the order (idempotently, so a
 * redelivered event finishes what a failed one began).
 *
 * Here, whether a host takes payments online; order-checkout.ts starts (and ends) a guest's
 * Checkout; order-payment-events.ts records what Stripe says of it; settle-payment.ts captures,
 * releases and refunds; cancel-lapsed-authorisations.ts lets go of holds left unanswered.
 */

export interface OnlinePayments {
  billing: Billing;
  /** The host's connected account, the destination of the charge. */
  accountId: string;
  feePercent: number;
}

/**
 * Whether team `teamId`'s extras are paid online now: Stripe configured here, a Gold or Premium plan
 * and a connected account that can take charges. Otherwise every extra is a request (docs/decisions/020).
 */
export async function onlinePaymentsOf(teamId: string): Promise<OnlinePayments | null> {
  const { billing, db, config } = await getRuntime();
  if (!billing) return null;
  const [row, plan] = await Promise.all([
    db.selectFrom('payout_accounts').select(['stripe_account_id', 'charges_enabled']).where('team_id', '=', teamId).executeTakeFirst(),
    getTeamPlan(teamId),
  ]);
  if (!hasOnlinePayments(plan) || !row?.stripe_account_id || row.charges_enabled !== 1) return null;
  return { billing, accountId: row.stripe_account_id, feePercent: config.platformFeePercent };
}

/** The platform's share of an order, in minor units (PLATFORM_FEE_PERCENT, rounded). */
export const applicationFeeOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100);
