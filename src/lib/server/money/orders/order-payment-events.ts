import type Stripe from 'stripe';
import type { OrdersTable, StaysTable } from '@db/schema.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import { recordStripeEvent, type StripeEventRef } from '../subscriptions/apply-subscription-state.ts';
import { requireBilling } from '../subscriptions/require-billing.ts';
import { isMissing } from '../subscriptions/stripe-errors.ts';
import { isUsableText } from '../usable-text.ts';
import { teamContactEmail } from '../../account/team-contact.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { collides, effectiveStayTimes } from './availability.ts';
import { newDecisionToken } from './decision-token.ts';
import { notifyOrder } from './notify-order.ts';
import { hostOrderEndedMail, hostOrderMail } from './host-order-mails.ts';
import { moveStay, ordersLock, slotFacts, type Db } from './order-slots.ts';
import { changeOrderStatus } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';
import { giveBackIfMoneyless } from './settle-payment.ts';

/** The platform events about a payment-mode Checkout Session that an order follows. */
const ORDER_EVENTS: ReadonlySet<string> = new Set(['checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

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
      await changeOrderStatus(db, current, 'checkout-ended', { now, set: { checkout_session_id: current.checkout_session_id ?? session.id }, by: { actor: 'stripe' } });
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
    const hostEmail = await teamContactEmail(trx, order.team_id);
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
      by: { actor: 'stripe' },
    });
    if (!updated) return;
    if (to === 'paid' && stay) await moveStay(trx, updated, stay.id, now);
    if (free) {
      const hostMail = hostOrderMail({ order: updated, content, stay: stay ?? null, hostEmail, appUrl: config.appUrl, decisionToken: decision?.token ?? null });
      await notifyOrder(trx, { order: updated, content, stay: stay ?? null, guest: to === 'paid' ? 'receipt' : 'authorised', host: hostMail, now });
    } else {
      await notifyOrder(trx, { order: updated, content, stay: stay ?? null, guest: 'slot-lost', host: hostOrderEndedMail({ order: updated, content, hostEmail, why: 'slot-lost' }), now });
    }
  });
  outbox.kick();
}
