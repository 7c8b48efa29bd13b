import type Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { recordStripeEvent } from '../subscriptions/apply-subscription-state.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../runtime.ts';
import { requirePayoutsStripe } from './require-payouts-stripe.ts';
import { rebuildSnapshotsForUser } from '../../guest-pages/publish/invalidate-snapshots.ts';
import { storeAccountState } from './store-account-state.ts';

/** Stripe's default replay window, as for the platform's endpoint (docs/security.md 20). */
const SIGNATURE_TOLERANCE_S = 300;

export type ConnectWebhookOutcome = 'synced' | 'duplicate' | 'ignored' | 'unknown-account';

/**
 * POST /api/stripe/connect-webhook: Connect events, on their own endpoint with their own secret
 * (STRIPE_CONNECT_WEBHOOK_SECRET, docs/decisions/020-extras-and-the-money-flow.md). The signature
 * is checked over the raw bytes (docs/security.md 20); an `account.updated` makes the server
 * re-read the account from Stripe (rule 22) and store its state with the event's id in one
 * transaction (rule 21). An account we never made is acknowledged and logged: Stripe would retry
 * a refusal for days, and no retry can make it ours.
 */
export async function handleConnectWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | null }): Promise<ConnectWebhookOutcome> {
  const billing = await requirePayoutsStripe();
  const { db, log } = await getRuntime();
  if (!billing.connectWebhookSecret) {
    log.error('stripe: Connect webhook received but STRIPE_CONNECT_WEBHOOK_SECRET is not set');
    throw new AppError('SERVICE_UNAVAILABLE', messages.payouts.connectWebhookNotConfigured);
  }
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.connectWebhookSecret, SIGNATURE_TOLERANCE_S);
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'stripe: Connect webhook signature refused');
    throw new AppError('BAD_REQUEST', messages.billing.webhookSignature);
  }
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  if (!isUsableText(id) || !isUsableText(type)) {
    log.warn('stripe: signed Connect webhook body is not an event');
    throw new AppError('BAD_REQUEST', messages.billing.webhookNotEvent);
  }
  const ref = { id, type };
  if (await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) return 'duplicate';
  const accountId = type === 'account.updated' ? accountOf(event) : null;
  if (!accountId) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';

  const owner = await db.selectFrom('payout_accounts').select('user_id').where('stripe_account_id', '=', accountId).executeTakeFirst();
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
  if (chargesChanged) await rebuildSnapshotsForUser(chargesChanged);
  if (stored) log.info({ event: id, type, userId: owner.user_id, chargesEnabled: account.charges_enabled }, 'stripe: Connect webhook handled');
  return stored ? 'synced' : 'duplicate';
}

/** Text we may look up and store: not empty, no NUL (PostgreSQL text), no lone surrogate. */
function isUsableText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('\0') && value.isWellFormed();
}

/** The connected account an event is about: its `account`, else the account object it carries. */
function accountOf(event: Stripe.Event): string | null {
  if (isUsableText(event.account)) return event.account;
  const object = (event.data as { object?: unknown } | undefined)?.object;
  const { id, object: kind } = object !== null && typeof object === 'object' ? (object as { id?: unknown; object?: unknown }) : {};
  return kind === 'account' && isUsableText(id) ? id : null;
}
