import type Stripe from 'stripe';
import { recordStripeEvent, type StripeEventRef } from '../subscriptions/apply-subscription-state.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { requirePayoutsStripe } from './require-payouts-stripe.ts';
import { afterHostPagesChange } from '../../guidebook/guidebook-writes.ts';
import { storeAccountState } from './store-account-state.ts';
import { isUsableText } from '../usable-text.ts';

/**
 * A verified Connect event (money/stripe-events.ts): an `account.updated` makes the server re-read
 * the account from Stripe (docs/security.md 22) and store its state with the event's id in one
 * transaction (rule 21). An account we never made is acknowledged and logged: Stripe would retry
 * a refusal for days, and no retry can make it ours.
 */
export async function syncAccountEvent(event: Stripe.Event, ref: StripeEventRef): Promise<'synced' | 'duplicate' | 'ignored' | 'unknown-account'> {
  const { id, type } = ref;
  const accountId = type === 'account.updated' ? accountOf(event) : null;
  if (!accountId) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';

  const billing = await requirePayoutsStripe();
  const { db, log } = await getRuntime();
  const owner = await db.selectFrom('payout_accounts').select('team_id').where('stripe_account_id', '=', accountId).executeTakeFirst();
  if (!owner) {
    log.warn({ event: id, account: accountId }, 'stripe: Connect event for an account no host holds');
    return (await recordStripeEvent(ref)) ? 'unknown-account' : 'duplicate';
  }
  // The event's copy may be older than another already stored: Stripe's answer now is what counts.
  const account = await withStripe('re-read connected account', () => billing.stripe.accounts.retrieve(accountId));
  const now = Date.now();
  let chargesChanged: string | null = null;
  const stored = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('stripe_events')
      .values({ id, type, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    chargesChanged = await storeAccountState(trx, account);
    return true;
  });
  if (chargesChanged) await afterHostPagesChange(chargesChanged);
  if (stored) log.info({ event: id, type, teamId: owner.team_id, chargesEnabled: account.charges_enabled }, 'stripe: Connect webhook handled');
  return stored ? 'synced' : 'duplicate';
}

/** The connected account an event is about: its `account`, else the account object it carries. */
function accountOf(event: Stripe.Event): string | null {
  if (isUsableText(event.account)) return event.account;
  const object = (event.data as { object?: unknown } | undefined)?.object;
  const { id, object: kind } = object !== null && typeof object === 'object' ? (object as { id?: unknown; object?: unknown }) : {};
  return kind === 'account' && isUsableText(id) ? id : null;
}
