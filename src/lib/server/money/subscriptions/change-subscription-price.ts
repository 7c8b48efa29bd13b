import { randomUUID } from 'node:crypto';
import { messages } from '@shared/messages.ts';
import { planChange, type BillingInterval, type PlanChange } from '@shared/plans.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { AppError } from '../../http/app-error.ts';
import type { Billing, PricedPlan } from './billing.ts';
import { findLiveSubscription, releaseSchedule, type LiveSubscription } from './live-subscription.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';
import { syncSubscription } from './sync-subscription.ts';

/** Stripe's name for our interval (a phase's duration). */
const STRIPE_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

/** The change from the live subscription to `priceId`, checked: a price we sell, a real change. */
export async function resolveChange(billing: Billing, teamId: string, priceId: string, interval?: BillingInterval): Promise<{ live: LiveSubscription; target: PricedPlan; change: Exclude<PlanChange, 'same'> }> {
  const target = billing.planOfPrice(priceId);
  if (!target) throw new AppError('BAD_REQUEST', messages.billing.unknownPrice);
  if (interval && interval !== target.interval) throw new AppError('BAD_REQUEST', messages.billing.intervalMismatch);
  const live = await findLiveSubscription(billing, teamId);
  if (live.subscription.status !== 'active' && live.subscription.status !== 'trialing') throw new AppError('CONFLICT', messages.billing.notChangeable);
  if (live.subscription.cancel_at_period_end || live.subscription.cancel_at) throw new AppError('CONFLICT', messages.billing.cancelScheduled);
  // A price we do not sell any more counts as the lowest paid plan: any of ours is then an upgrade.
  const change = live.current ? planChange(live.current, target) : 'upgrade';
  if (change === 'same') throw new AppError('CONFLICT', messages.billing.samePlan);
  return { live, target, change };
}

/**
 * POST /api/update-subscription-price (docs/product.md §4, §7). An upgrade (Gold → Premium, monthly → yearly)
 * is invoiced now with proration and holds only once paid (`pending_if_incomplete`): a declined
 * card leaves the old plan and answers 402. A downgrade waits for the period end in a
 * subscription schedule, so the features paid for stay until then. Answers the docs/product.md §8 message.
 */
export async function changeSubscriptionPrice({ access, priceId, interval }: { access: TeamScope; priceId: string; interval: BillingInterval }): Promise<{ message: string; change: 'upgrade' | 'downgrade' }> {
  const billing = await requireBilling();
  return withStripe('change subscription', async () => {
    const { live, target, change } = await resolveChange(billing, access.teamId, priceId, interval);
    const { subscription, item, customerId } = live;
    if (change === 'upgrade') {
      await releaseSchedule(billing, subscription);
      const updated = await billing.stripe.subscriptions.update(
        subscription.id,
        { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' },
        { idempotencyKey: `upgrade:${subscription.id}:${randomUUID()}` },
      );
      await syncSubscription(customerId);
      if (updated.pending_update) throw new AppError('PAYMENT_REQUIRED', messages.billing.upgradeNeedsPayment);
      return { message: messages.subscription.upgraded, change };
    }

    // Start from the subscription as it is: a downgrade chosen earlier is replaced by this one.
    await releaseSchedule(billing, subscription);
    const schedule = await billing.stripe.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `schedule:${subscription.id}:${randomUUID()}` });
    const current = schedule.current_phase ?? { start_date: item.current_period_start, end_date: item.current_period_end };
    await billing.stripe.subscriptionSchedules.update(
      schedule.id,
      {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { items: [{ price: item.price.id, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
          { items: [{ price: priceId, quantity: 1 }], duration: { interval: STRIPE_INTERVAL[target.interval], interval_count: 1 }, proration_behavior: 'none' },
        ],
      },
      { idempotencyKey: `downgrade:${schedule.id}:${priceId}` },
    );
    await syncSubscription(customerId);
    return { message: messages.subscription.downgraded, change };
  });
}
