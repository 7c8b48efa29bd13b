import type Stripe from 'stripe';
import type { PayoutAccountsTable } from '@db/schema.ts';
import { DEFAULT_CURRENCY, isCurrency } from '@shared/currencies.ts';
import { hasOnlinePayments, type PayoutState } from '@shared/payouts.ts';
import type { PlanId } from '@shared/plans.ts';

/** A host's row of payout_accounts (db/migrations/0011-payout-accounts.ts). */
export type PayoutRow = PayoutAccountsTable;

/** The columns an account's own state fills in, as Stripe says it now. */
export function flagsOfAccount(account: Stripe.Account): Pick<PayoutRow, 'charges_enabled' | 'details_submitted' | 'payouts_enabled' | 'disabled_reason'> {
  return {
    charges_enabled: account.charges_enabled ? 1 : 0,
    details_submitted: account.details_submitted ? 1 : 0,
    payouts_enabled: account.payouts_enabled ? 1 : 0,
    disabled_reason: account.requirements?.disabled_reason ?? null,
  };
}

/** What GET /api/payouts answers for a host's row (none yet: the default currency, not connected). */
export function payoutStateOf(row: PayoutRow | undefined, { stripeConfigured, feePercent, plan }: { stripeConfigured: boolean; feePercent: number; plan: PlanId }): PayoutState {
  return {
    stripeConfigured,
    currency: row && isCurrency(row.currency) ? row.currency : DEFAULT_CURRENCY,
    connected: Boolean(row?.stripe_account_id),
    chargesEnabled: row?.charges_enabled === 1,
    detailsSubmitted: row?.details_submitted === 1,
    payoutsEnabled: row?.payouts_enabled === 1,
    disabledReason: row?.disabled_reason ?? null,
    feePercent,
    onlinePaymentsPlan: hasOnlinePayments(plan),
  };
}
