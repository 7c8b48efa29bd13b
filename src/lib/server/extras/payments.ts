import Stripe from 'stripe';
import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { hasOnlinePayments } from '@shared/payouts.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import type { StripeEventRef } from '../billing/apply-subscription-state.ts';
import { recordStripeEvent } from '../billing/apply-subscription-state.ts';
import type { Billing } from '../billing/billing.ts';
import { getUserPlan } from '../billing/get-user-plan.ts';
import { requireBilling } from '../billing/require-billing.ts';
import { isMissing, withStripe } from '../billing/stripe-errors.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../runtime.ts';
import { collides, effectiveStayTimes } from './availability.ts';
import { newDecisionToken } from './decision-token.ts';
import { notifyOrder } from './notify-order.ts';
import { hostOrderEndedMail, hostOrderMail } from './host-order-mails.ts';
import { closeOrder, moveStay, ordersLock, slotFacts, type Db } from './order-slots.ts';
import { canChange, changeOrderStatus } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';

/**
 * Paid orders (docs/decisions/020-extras-and-the-money-flow.md, the money flow): a Checkout Session
 * on the platform whose PaymentIntent is a destination charge to the host's connected account, the
 * platform's events that record the payment, and the host's decisions that capture, release or
 * refund it. Stripe is the truth about money: every handler re-reads the session or the
 * PaymentIntent and acts on what it says now; our side changes by compare-and-set under the
 * guidebook's orders lock, and Stripe is then brought to agree with the order (idempotently, so a
 * redelivered event finishes what a failed one began).
 */

/** How long a host may leave an authorised order unanswered before the hold is released. */
export const AUTHORISATION_MS = 72 * 60 * 60_000;
/** How long a guest has to pay before the session expires and the slot is free again (Stripe: 30 min to 24 h). */
const CHECKOUT_TTL_S = 60 * 60;
/** Statuses of an order that took no money: a payment still attached to one is given back. */
const MONEYLESS: readonly OrderStatus[] = ['refunded', 'cancelled', 'declined'];

export interface OnlinePayments {
  billing: Billing;
  /** The host's connected account, the destination of the charge. */
  accountId: string;
  feePercent: number;
}

/**
 * Whether `userId`'s extras are paid online now: Stripe configured here, a Gold or Premium plan and
 * a connected account that can take charges. Otherwise every extra is a request (docs/decisions/020).
 */
export async function onlinePaymentsOf(userId: string): Promise<OnlinePayments | null> {
  const { billing, db, config } = await getRuntime();
  if (!billing) return null;
  const [row, plan] = await Promise.all([
    db.selectFrom('payout_accounts').select(['stripe_account_id', 'charges_enabled']).where('user_id', '=', userId).executeTakeFirst(),
    getUserPlan(userId),
  ]);
  if (!hasOnlinePayments(plan) || !row?.stripe_account_id || row.charges_enabled !== 1) return null;
  return { billing, accountId: row.stripe_account_id, feePercent: config.platformFeePercent };
}

/** The platform's share of an order, in minor units (PLATFORM_FEE_PERCENT, rounded). */
export const applicationFeeOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100);

/**
 * The Checkout Session of an `awaiting_payment` order, in `payment` mode on the platform: one line
 * at the order's price, the money to the host's account minus the fee, held for the host's answer
 * when the extra needs one. The order id is the Idempotency-Key's root, so a retry makes the same
 * session. A Stripe failure cancels the order (its slot is free again) and answers 502.
 */
export async function startOrderCheckout({ order, token, payments, now, words = guestWords() }: { order: OrdersTable; token: string; payments: OnlinePayments; now: number; words?: GuestWords }): Promise<string> {
  const { db, config, log } = await getRuntime();
  const fee = applicationFeeOf(order.amount, payments.feePercent);
  // Back to the page the guest ordered from: the stay link, or the guidebook's public link (its
  // static page reads `?order=` in the browser, docs/decisions/020 public-link orders).
  const stay = new URL(`${order.stay_id ? '/stay/' : '/instruction/'}${encodeURIComponent(token)}`, config.appUrl).href;
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.billing.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Cards (wallets included) only: they settle at once and can be held for the host's answer;
        // a bank debit would leave the order paid "later" while its slot waits.
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: { currency: order.currency, unit_amount: order.amount, product_data: { name: order.quantity > 1 ? `${order.title} × ${order.quantity}` : order.title } },
          },
        ],
        payment_intent_data: {
          transfer_data: { destination: payments.accountId },
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          capture_method: order.approval === 'host' ? 'manual' : 'automatic',
          metadata: { orderId: order.id },
        },
        metadata: { orderId: order.id },
        client_reference_id: order.id,
        ...(order.guest_email ? { customer_email: order.guest_email } : {}),
        // Back at the Extras section, which says how the order stands.
        success_url: `${stay}?order=${encodeURIComponent(order.id)}#extras`,
        cancel_url: `${stay}#extras`,
        // An unpaid session holds the slot: let it go within the hour, not Stripe's default day.
        expires_at: Math.floor(now / 1000) + CHECKOUT_TTL_S,
      },
      { idempotencyKey: `order-checkout:${order.id}` },
    );
    if (!session.url) throw new Error('Checkout Session without a url');
  } catch (error) {
    await withOrderLock(order.id, async () => {
      const current = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      await changeOrderStatus(db, current, 'checkout-ended', { now: Date.now() });
    });
    const cause = error instanceof Stripe.errors.StripeError ? { type: error.type, message: error.message, code: error.code, status: error.statusCode } : error;
    log.error({ err: cause, orderId: order.id }, 'extras: checkout session failed, order cancelled');
    throw new AppError('BAD_GATEWAY', words['api.paymentUnavailable']);
  }
  // The completed event may have come first and stored it already.
  await db.updateTable('orders').set({ checkout_session_id: session.id }).where('id', '=', order.id).where('checkout_session_id', 'is', null).execute();
  return session.url;
}

/**
 * A guest who left Checkout (its cancel link, the back button) and taps Buy again would find the
 * extra still held by the unpaid order for up to an hour. So one open checkout per stay and extra:
 * the earlier one's session is expired on Stripe and its order cancelled, unless Stripe says it
 * was paid meanwhile (then it stands, and the new request meets it as held).
 */
export async function releasePendingCheckouts({ stayId, extraId, payments }: { stayId: string; extraId: number; payments: OnlinePayments }): Promise<void> {
  const { db, log } = await getRuntime();
  const pending = await db
    .selectFrom('orders')
    .select('id')
    .where('stay_id', '=', stayId)
    .where('extra_id', '=', extraId)
    .where('status', '=', 'awaiting_payment')
    .where('checkout_session_id', 'is not', null)
    .execute();
  for (const { id } of pending) {
    await withOrderLock(id, async () => {
      const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (!canChange(order, 'checkout-ended')) return;
      const sessionId = order.checkout_session_id!;
      const stripe = payments.billing.stripe;
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Not open any more (paid, or expired already): what it is now decides below.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status !== 'expired') return;
      await changeOrderStatus(db, order, 'checkout-ended', { now: Date.now() });
      log.info({ orderId: order.id }, 'extras: an earlier unpaid checkout replaced');
    });
  }
}

/**
 * An order's open Checkout is closed on Stripe (its stay went, follow-stays.ts): a guest who pays
 * in the same instant finds it expired, or, had Stripe taken the payment first, gets it back when
 * its event arrives (giveBackIfMoneyless: the order no longer waits for it).
 */
export async function expireCheckout(order: Pick<OrdersTable, 'checkout_session_id'>): Promise<void> {
  if (order.checkout_session_id === null) return;
  const billing = await requireBilling();
  await withStripe('expire checkout', async () => {
    try {
      await billing.stripe.checkout.sessions.expire(order.checkout_session_id!);
    } catch (error) {
      // Not open any more (expired, or paid): nothing to close.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  });
}

/** The platform events about a payment-mode Checkout Session that an order follows. */
const ORDER_EVENTS: ReadonlySet<string> = new Set(['checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

function isUsableText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('\0') && value.isWellFormed();
}

/** The session an event is about when it is an order's (payment mode, an order id in metadata); else null. */
export function orderSessionOf(event: Stripe.Event): string | null {
  if (!ORDER_EVENTS.has(event.type)) return null;
  const object = (event.data as { object?: unknown } | undefined)?.object;
  if (object === null || typeof object !== 'object') return null;
  const { id, mode, metadata } = object as { id?: unknown; mode?: unknown; metadata?: unknown };
  const orderId = metadata !== null && typeof metadata === 'object' ? (metadata as { orderId?: unknown }).orderId : undefined;
  return mode === 'payment' && isUsableText(id) && isUsableText(orderId) ? id : null;
}

type Intent = Stripe.PaymentIntent;

/**
 * An order's Checkout Session event (platform endpoint): the session is re-read with its
 * PaymentIntent, and the order follows what Stripe says now, whatever the event's copy said or the
 * order events came in. Completed and paid (or authorised): recorded as below. Expired: an order
 * still waiting for its payment is cancelled. The event id is stored last, after Stripe agrees
 * with the order, so a failure anywhere answers 5xx and Stripe's retry finishes the work.
 */
export async function syncOrderPayment(sessionId: string, event: StripeEventRef): Promise<'synced' | 'duplicate' | 'ignored'> {
  const billing = await requireBilling();
  const { db, log } = await getRuntime();
  let session: Stripe.Checkout.Session;
  try {
    session = await billing.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
  } catch (error) {
    // Signed by Stripe yet naming no session of ours (another key's, a test event): no retry can change that.
    if (!isMissing(error)) throw error;
    log.warn({ event: event.id, session: sessionId }, 'extras: checkout event for a session Stripe does not know');
    return (await recordStripeEvent(event)) ? 'ignored' : 'duplicate';
  }
  const orderId = session.metadata?.['orderId'];
  const order = orderId ? await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst() : undefined;
  if (!order || (order.checkout_session_id !== null && order.checkout_session_id !== session.id)) {
    log.warn({ event: event.id, session: sessionId, orderId }, 'extras: checkout event for no order of ours');
    return (await recordStripeEvent(event)) ? 'ignored' : 'duplicate';
  }
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  // One step on the order at a time: the host's decision, the expiry job or a stay's change waits, or is waited for.
  await withOrderLock(order.id, async () => {
    const now = Date.now();
    const current = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    if (session.status === 'expired') {
      await changeOrderStatus(db, current, 'checkout-ended', { now, set: { checkout_session_id: current.checkout_session_id ?? session.id } });
    } else if (session.status === 'complete' && intent && (intent.status === 'succeeded' || intent.status === 'requires_capture')) {
      await recordPayment(current, session, intent, now);
    }
    if (intent) {
      const after = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      await giveBackIfMoneyless(billing, after, intent);
    }
  });
  const stored = await recordStripeEvent(event);
  log.info({ event: event.id, type: event.type, orderId: order.id, session: session.status }, 'extras: checkout event handled');
  return stored ? 'synced' : 'duplicate';
}

/** Whether the order's own slot is still free for its stay now (the order itself left out of what holds). */
async function slotStillFree(trx: Db, order: OrdersTable, stay: StaysTable, zone: string, now: number): Promise<boolean> {
  const times = effectiveStayTimes(stay);
  if (now >= times.checkOut) return false;
  if (order.kind === 'early-checkin' && now >= times.checkIn) return false;
  if (order.moves_to === null || order.kind === 'item') return true;
  const { others } = await slotFacts(trx, stay, order.id);
  return !collides(order.kind, order.moves_to, stay.id, others, zone);
}

/**
 * The payment went through: in one transaction under the guidebook's orders lock, the slot is
 * checked again (a booking or calendar import may have taken it while the guest paid). Free: an
 * instant extra is `paid` and moves the stay; a host-approved one waits as `requested` with its
 * card authorised. Taken: `refunded` (captured) or `cancelled` (authorised) and both sides mailed;
 * the money goes back right after (giveBackIfMoneyless). Only an order still `awaiting_payment`
 * changes (the table, order-transitions.ts): a second delivery, or another event of the same
 * payment, finds it decided. The caller holds the order's lock.
 */
async function recordPayment(order: OrdersTable, session: Stripe.Checkout.Session, intent: Intent, now: number): Promise<void> {
  const { db, dialect, outbox, config } = await getRuntime();
  const captured = intent.status === 'succeeded';
  await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const guidebook = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(guidebook.data);
    const host = await trx.selectFrom('users').select('email').where('id', '=', order.user_id).executeTakeFirstOrThrow();
    const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
    const free = stay ? await slotStillFree(trx, order, stay, content.timeZone, now) : true;
    const guestEmail = order.guest_email || session.customer_details?.email || '';
    const to: OrderStatus = free ? (captured ? 'paid' : 'requested') : captured ? 'refunded' : 'cancelled';
    // Waiting for the host now: the host's mail carries single-use Approve and Decline links.
    const decision = to === 'requested' ? newDecisionToken() : null;
    const updated = await changeOrderStatus(trx, order, free ? 'payment-taken' : 'payment-slot-lost', {
      to,
      now,
      set: { payment_intent_id: intent.id, checkout_session_id: session.id, guest_email: guestEmail, decision_token_hash: decision?.hash ?? null },
    });
    if (!updated) return;
    if (to === 'paid' && stay) await moveStay(trx, updated, stay.id, now);
    if (free) {
      const hostMail = hostOrderMail({ order: updated, content, stay: stay ?? null, hostEmail: host.email, appUrl: config.appUrl, decisionToken: decision?.token ?? null });
      await notifyOrder(trx, { order: updated, content, stay: stay ?? null, guest: to === 'paid' ? 'receipt' : 'authorised', host: hostMail, now });
    } else {
      await notifyOrder(trx, { order: updated, content, stay: stay ?? null, guest: 'slot-lost', host: hostOrderEndedMail({ order: updated, content, hostEmail: host.email, why: 'slot-lost' }), now });
    }
  });
  outbox.kick();
}

/** Whether Stripe says the intent's charge was refunded in full already. */
function refundedAlready(intent: Intent): boolean {
  const charge = intent.latest_charge;
  return typeof charge === 'object' && charge !== null && charge.refunded;
}

const REFUND_TERMS = { reverse_transfer: true, refund_application_fee: true } as const;

/**
 * Stripe brought to agree with an order that took no money (`refunded`, `cancelled`, `declined`):
 * a held authorisation is released, a captured payment refunded with its transfer reversed and the
 * fee returned (docs/decisions/020, refunds). Keyed by the order, so doing it again is harmless.
 */
async function giveBackIfMoneyless(billing: Billing, order: OrdersTable, intent: Intent): Promise<void> {
  if (!MONEYLESS.includes(order.status)) return;
  if (intent.status === 'requires_capture') {
    await billing.stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `order-cancel:${order.id}` });
  } else if (intent.status === 'succeeded' && !refundedAlready(intent)) {
    await billing.stripe.refunds.create({ payment_intent: intent.id, ...REFUND_TERMS, metadata: { orderId: order.id } }, { idempotencyKey: `order-refund:${order.id}` });
  }
}

/** PaymentIntent not in a state for the call (captured meanwhile, released, lapsed). */
function unexpectedState(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
}

/**
 * The host's answer to an authorised order, on Stripe first (before the order changes, so an
 * approval never stands without its money): approve captures the hold, decline releases it.
 * Answers `done`, or `lapsed` when the hold is gone (Stripe released it, or the 72-hour job did),
 * or `captured` when a decline meets a hold already captured.
 */
export async function settleDecision(order: OrdersTable, decision: 'approve' | 'decline'): Promise<'done' | 'lapsed' | 'captured'> {
  const billing = await requireBilling();
  const intentId = order.payment_intent_id!;
  return withStripe('settle order decision', async () => {
    const intent = await billing.stripe.paymentIntents.retrieve(intentId);
    try {
      if (decision === 'approve') {
        if (intent.status === 'succeeded') return 'done';
        if (intent.status !== 'requires_capture') return 'lapsed';
        await billing.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey: `order-capture:${order.id}` });
        return 'done';
      }
      if (intent.status === 'canceled') return 'done';
      if (intent.status === 'succeeded') return 'captured';
      await billing.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `order-cancel:${order.id}` });
      return 'done';
    } catch (error) {
      if (unexpectedState(error)) return decision === 'approve' ? 'lapsed' : 'captured';
      throw error;
    }
  });
}

/** A paid or approved order's money back to the guest, the transfer reversed and the fee returned (docs/decisions/020). */
export async function refundPayment(order: OrdersTable): Promise<void> {
  const billing = await requireBilling();
  await withStripe('refund order', async () => {
    try {
      await billing.stripe.refunds.create({ payment_intent: order.payment_intent_id!, ...REFUND_TERMS, metadata: { orderId: order.id } }, { idempotencyKey: `order-refund:${order.id}` });
    } catch (error) {
      // Refunded already (a second click after the key's day, or on Stripe's dashboard): the order follows.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')) throw error;
    }
  });
}

/**
 * Authorised orders the host left unanswered for 72 hours (docs/decisions/020): the hold is released on
 * Stripe, then the order is `cancelled` (compare-and-set) and both sides are mailed. "Authorised"
 * is the order's `updated_at` while it waits: nothing else writes a waiting order. A hold captured
 * meanwhile (the host approved as the job ran) is left to the approval. `now` is the caller's
 * clock, so a test can give one.
 */
export async function cancelLapsedAuthorisations(now: number): Promise<number> {
  const { db, log, billing } = await getRuntime();
  if (!billing) return 0;
  const lapsed = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'requested')
    .where('payment_intent_id', 'is not', null)
    .where('updated_at', '<=', now - AUTHORISATION_MS)
    .orderBy('updated_at')
    .limit(50)
    .execute();
  let cancelled = 0;
  for (const { id } of lapsed) {
    try {
      const closed = await withOrderLock(id, async () => {
        // Read again under the lock: the host may have answered while this turn waited.
        const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        if (!canChange(order, 'hold-lapsed') || order.updated_at > now - AUTHORISATION_MS) return false;
        if ((await settleDecision(order, 'decline')) === 'captured') return false;
        return (await closeOrder(order, 'hold-lapsed', now, { guest: 'lapsed', host: 'lapsed' })) !== null;
      });
      if (closed) cancelled += 1;
    } catch (error) {
      log.warn({ err: error, orderId: id }, 'extras: releasing a lapsed hold failed, will retry');
    }
  }
  if (cancelled > 0) {
    log.info({ cancelled }, 'extras: lapsed authorisations released');
  }
  return cancelled;
}
