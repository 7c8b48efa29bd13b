import type { Currency } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import type { PayoutState } from '@shared/payouts.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../runtime.ts';
import { getPayoutState } from './get-payout-state.ts';

/**
 * PUT /api/payouts/currency: the one currency of the host's extras
 * (docs/decisions/020-extras-and-the-money-flow.md, one currency per host account). A row may hold
 * a currency without a Stripe account. Once a guest has ordered, the currency stays (409): an
 * order keeps the currency it was sold in, and the host's books with it.
 */
export async function setPayoutCurrency({ userId, currency }: { userId: string; currency: Currency }): Promise<PayoutState> {
  const { db } = await getRuntime();
  const before = await getPayoutState({ userId });
  if (before.currency === currency) return before;
  const ordered = await db.selectFrom('orders').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (ordered) throw new AppError('CONFLICT', messages.payouts.currencyLocked);
  const now = Date.now();
  await db
    .insertInto('payout_accounts')
    .values({ user_id: userId, currency, charges_enabled: 0, details_submitted: 0, payouts_enabled: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ currency, updated_at: now }))
    .execute();
  return getPayoutState({ userId });
}
