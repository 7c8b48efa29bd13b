import Stripe from 'stripe';
import type { OrdersTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { requireBilling } from '../subscriptions/require-billing.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { applicationFeeOf, type OnlinePayments } from './online-payments.ts';
import { canChange, changeOrderStatus } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';

/** How long a guest has to pay before the session expires and the slot is free again (Stripe: 30 min to 24 h). */
const CHECKOUT_TTL_S = 60 * 60;

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
      await changeOrderStatus(db, current, 'checkout-ended', { now: Date.now(), by: { actor: 'stripe' } });
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
      await changeOrderStatus(db, order, 'checkout-ended', { now: Date.now(), by: { actor: 'guest' } });
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
