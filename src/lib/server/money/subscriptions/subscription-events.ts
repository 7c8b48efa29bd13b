import type Stripe from 'stripe';
import { getRuntime } from '../../platform/runtime.ts';
import { isUsableText } from '../usable-text.ts';
import { recordStripeEvent, type StripeEventRef } from './apply-subscription-state.ts';
import { syncSubscription } from './sync-subscription.ts';

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

/**
 * A verified platform event that is not an order's (money/stripe-events.ts): the customer's
 * subscriptions are re-read from Stripe and stored with the event id in one transaction
 * (docs/security.md 21, 22). An event about no customer, or one we do not act on, is only filed.
 */
export async function syncSubscriptionEvent(event: Stripe.Event, ref: StripeEventRef): Promise<'synced' | 'duplicate' | 'ignored'> {
  const customerId = SYNC_EVENTS.has(event.type) ? customerOf(event) : null;
  if (!customerId) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';
  const outcome = await syncSubscription(customerId, ref);
  if (!outcome) return (await recordStripeEvent(ref)) ? 'ignored' : 'duplicate';
  const { log } = await getRuntime();
  log.info({ event: event.id, type: event.type, teamId: outcome.teamId, duplicate: outcome.duplicate, planChanged: outcome.planChanged }, 'stripe: webhook handled');
  return outcome.duplicate ? 'duplicate' : 'synced';
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
