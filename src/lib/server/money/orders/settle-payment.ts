import Stripe from 'stripe';
import type { OrdersTable } from '@db/schema.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import type { Billing } from '../subscriptions/billing.ts';
import { requireBilling } from '../subscriptions/require-billing.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';

/**
 * Money held or taken for an order, moved on Stripe (docs/decisions/020, refunds): a hold
 * captured or released on the host's answer, a payment refunded with its transfer reversed and the
 * fee returned. Every call is keyed by the order, so doing it again is harmless.
 */

type Intent = Stripe.PaymentIntent;

/** Statuses of an order that took no money: a payment still attached to one is given back. */
const MONEYLESS: readonly OrderStatus[] = ['refunded', 'cancelled', 'declined'];

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
export async function giveBackIfMoneyless(billing: Billing, order: OrdersTable, intent: Intent): Promise<void> {
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
