import type Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { orderSessionOf, syncOrderPayment } from '../orders/payments.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../runtime.ts';
import { recordStripeEvent } from './apply-subscription-state.ts';
import { requireBilling } from './require-billing.ts';
import { syncSubscription } from './sync-subscription.ts';

/** Stripe's default: a signature older than five minutes is refused (replay window). */
const SIGNATURE_TOLERANCE_S = 300;

/** The events that may change a subscription; each only triggers a re-read (docs/security.md 22). */
const SYNC_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

export type WebhookOutcome = 'synced' | 'duplicate' | 'ignored';

/**
 * POST /api/stripe/webhook: verifies the signature over the raw bytes (docs/security.md 20), then
 * re-reads the customer's subscriptions from Stripe and stores the event id with the result in
 * one transaction (lines 21, 22). A bad signature answers 400 and changes nothing; a failure while
 * syncing throws (5xx), so Stripe delivers again; an event we do not act on is acknowledged.
 */
export async function handleStripeWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | null }): Promise<WebhookOutcome> {
  const billing = await requireBilling();
  const { log } = await getRuntime();
  if (!billing.webhookSecret) {
    log.error('stripe: webhook received but STRIPE_WEBHOOK_SECRET is not set');
    throw new AppError('SERVICE_UNAVAILABLE', messages.billing.notConfigured);
  }
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.webhookSecret, SIGNATURE_TOLERANCE_S);
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'stripe: webhook signature refused');
    throw new AppError('BAD_REQUEST', messages.billing.webhookSignature);
  }

  // Signed, yet no event we can file (no usable id or type): refused, rather than a 500 from the
  // insert below (docs/security.md 29).
  if (!isEventLike(event)) {
    log.warn('stripe: signed webhook body is not an event');
    throw new AppError('BAD_REQUEST', messages.billing.webhookNotEvent);
  }
  const ref = { id: event.id, type: event.type };
  // A redelivery is answered without asking Stripe again (the transaction below is what holds).
  const { db } = await getRuntime();
  if (await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst()) return 'duplicate';
  // A guest's payment for an extra (a payment-mode session naming an order): the order follows it.
  const orderSession = orderSessionOf(event);
  if (orderSession) return syncOrderPayment(orderSession, ref);
  const customerId = SYNC_EVENTS.has(event.type) ? customerOf(event) : null;
  if (!customerId) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';
  const outcome = await syncSubscription(customerId, ref);
  if (!outcome) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';
  log.info({ event: event.id, type: event.type, userId: outcome.userId, duplicate: outcome.duplicate, planChanged: outcome.planChanged }, 'stripe: webhook handled');
  return outcome.duplicate ? 'duplicate' : 'synced';
}

/**
 * Text we may look up, store and send on to Stripe: not empty, no NUL (PostgreSQL text cannot hold
 * one), no lone surrogate (the SDK's encodeURIComponent throws on one).
 */
function isUsableText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('\0') && value.isWellFormed();
}

function isEventLike(event: unknown): event is Stripe.Event {
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  return isUsableText(id) && isUsableText(type);
}

/**
 * The customer an event is about (subscriptions, invoices and checkout sessions all name one), as
 * a string id or null: the body was only checked for its signature, not for its shape.
 */
function customerOf(event: Stripe.Event): string | null {
  const object = (event.data as { object?: unknown } | undefined)?.object;
  const customer = object !== null && typeof object === 'object' ? (object as { customer?: unknown }).customer : null;
  const id = customer !== null && typeof customer === 'object' ? (customer as { id?: unknown }).id : customer;
  return isUsableText(id) ? id : null;
}
