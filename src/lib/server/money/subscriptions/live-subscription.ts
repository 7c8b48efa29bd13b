import type Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import type { Billing, PricedPlan } from './billing.ts';
import { findCustomerOfTeam } from './customers.ts';
import { listSubscriptions } from './list-subscriptions.ts';

export interface LiveSubscription {
  customerId: string;
  subscription: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
  /** The plan and interval it is on now; null for a price we do not sell. */
  current: PricedPlan | null;
}

/**
 * The team's live Stripe subscription, read from Stripe (not our table, which may be behind):
 * the one a plan change, a cancel or a preview acts on. 409 when there is none (or when the plan
 * was set by an operator, which Stripe knows nothing of).
 */
export async function findLiveSubscription(billing: Billing, teamId: string): Promise<LiveSubscription> {
  const customerId = await findCustomerOfTeam(teamId);
  const subscription = customerId ? (await listSubscriptions(billing, customerId)).live[0] : undefined;
  const item = subscription?.items.data[0];
  if (!customerId || !subscription || !item) {
    const { db } = await getRuntime();
    const row = await db.selectFrom('subscriptions').select('source').where('team_id', '=', teamId).executeTakeFirst();
    throw new AppError('CONFLICT', row?.source === 'operator' ? messages.billing.operatorManaged : messages.billing.noSubscription);
  }
  return { customerId, subscription, item, current: billing.planOfPrice(item.price.id) };
}

/** A downgrade waiting in a schedule is dropped before an upgrade or a cancel, so it cannot undo either. */
export async function releaseSchedule(billing: Billing, subscription: Stripe.Subscription): Promise<void> {
  const schedule = subscription.schedule;
  if (!schedule) return;
  const id = typeof schedule === 'string' ? schedule : schedule.id;
  await billing.stripe.subscriptionSchedules.release(id, {}, { idempotencyKey: `release:${id}` });
}
