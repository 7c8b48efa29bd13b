import type Stripe from 'stripe';
import { getRuntime } from '../../platform/runtime.ts';
import { applySubscriptionState, type ApplyOutcome, type StripeEventRef, type SubscriptionState } from './apply-subscription-state.ts';
import type { Billing } from './billing.ts';
import { findCustomerOwner } from './customers.ts';
import { listSubscriptions } from './list-subscriptions.ts';
import { requireBilling } from './require-billing.ts';

/** Stripe ids are text; an expanded object carries its id. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Syncs of one customer run one after another, so an older read never lands after a newer one. */
const queues = new Map<string, Promise<unknown>>();

function serialised<T>(customerId: string, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(customerId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  queues.set(customerId, next);
  void next.finally(() => {
    if (queues.get(customerId) === next) queues.delete(customerId);
  }).catch(() => undefined);
  return next;
}

/**
 * Brings our row of a customer's subscription to Stripe's state (docs/security.md 22): events are only
 * triggers, so duplicated, late and out-of-order ones all converge. Re-reads every subscription of
 * the customer, keeps the live one (cancelling any later duplicate, which our checkout never makes
 * but a dashboard click could), and writes it with the triggering event's id in one transaction.
 * Answers null when the customer belongs to no team of ours.
 */
export function syncSubscription(customerId: string, event?: StripeEventRef): Promise<(ApplyOutcome & { teamId: string }) | null> {
  return serialised(customerId, async () => {
    const billing = await requireBilling();
    const { log } = await getRuntime();
    const teamId = await findCustomerOwner(billing, customerId);
    if (!teamId) {
      log.warn({ customerId, event: event?.id }, 'stripe: customer of no team, event ignored');
      return null;
    }
    const { all, live } = await listSubscriptions(billing, customerId);
    for (const duplicate of live.slice(1)) {
      // Never two live subscriptions for one team (docs/security.md 33): keep the first, end the others
      // with a prorated credit, and say so loudly (an operator may owe a refund).
      log.error({ teamId, customerId, kept: live[0]!.id, canceled: duplicate.id }, 'stripe: duplicate live subscription canceled');
      await billing.stripe.subscriptions.cancel(duplicate.id, { prorate: true, invoice_now: true }, { idempotencyKey: `cancel-duplicate:${duplicate.id}` });
    }
    const chosen = live[0] ?? [...all].sort((a, b) => b.created - a.created)[0];
    const state = chosen ? await toState(billing, chosen) : null;
    const outcome = await applySubscriptionState({ teamId, source: 'stripe', state, ...(event ? { event } : {}) });
    return { ...outcome, teamId };
  });
}

/** The row we keep of a Stripe subscription (API 2025-03-31.basil on: periods live on the items). */
async function toState(billing: Billing, subscription: Stripe.Subscription): Promise<SubscriptionState> {
  const { log } = await getRuntime();
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? null;
  const priced = priceId ? billing.planOfPrice(priceId) : null;
  // docs/product.md §3: "Gold, Premium, otherwise Free": a price we do not sell gives no plan.
  if (priceId && !priced) log.warn({ subscription: subscription.id, priceId }, 'stripe: subscription to a price not configured in STRIPE_PRICE_*');
  const periodEnd = item ? item.current_period_end * 1000 : null;
  const cancelAt = subscription.cancel_at ? subscription.cancel_at * 1000 : null;
  const next = await scheduledDowngrade(billing, subscription);
  const pendingPrice = subscription.pending_update?.subscription_items?.[0]?.price.id;
  const pending = pendingPrice ? billing.planOfPrice(pendingPrice) : null;
  return {
    source: 'stripe',
    stripe_subscription_id: subscription.id,
    stripe_customer_id: idOf(subscription.customer),
    price_id: priceId,
    plan: priced?.plan ?? 'free',
    payment_interval: priced?.interval ?? null,
    price_cents: item?.price.unit_amount ?? 0,
    status: subscription.status,
    // A cancellation set for a date (Customer Portal) ends the plan then, like one at period end.
    current_period_end: cancelAt !== null && periodEnd !== null ? Math.min(cancelAt, periodEnd) : (periodEnd ?? cancelAt),
    cancel_at_period_end: subscription.cancel_at_period_end || cancelAt !== null ? 1 : 0,
    next_plan: next?.plan ?? null,
    next_interval: next?.interval ?? null,
    pending_plan: pending?.plan ?? null,
    pending_interval: pending?.interval ?? null,
    pending_expires_at: pending && subscription.pending_update ? subscription.pending_update.expires_at * 1000 : null,
  };
}

/** The plan of the phase after the current one of an attached schedule (a downgrade at period end). */
async function scheduledDowngrade(billing: Billing, subscription: Stripe.Subscription) {
  const scheduleId = idOf(subscription.schedule);
  if (!scheduleId) return null;
  const schedule = typeof subscription.schedule === 'object' && subscription.schedule ? subscription.schedule : await billing.stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const currentEnd = schedule.current_phase?.end_date;
  const nextPhase = schedule.phases.find((phase) => currentEnd !== undefined && phase.start_date >= currentEnd);
  const nextPrice = idOf(nextPhase?.items[0]?.price);
  const current = subscription.items.data[0]?.price.id;
  return nextPrice && nextPrice !== current ? billing.planOfPrice(nextPrice) : null;
}
