import type { PlanId } from '@shared/plans.ts';
import type { SubscriptionsTable } from '@db/schema.ts';

export type SubscriptionRow = SubscriptionsTable;

/**
 * Statuses that carry the plan's features. past_due keeps them while Stripe retries the card;
 * unpaid, canceled, incomplete (never paid) and paused do not (docs/product.md §3: canceled shows as Free).
 */
const PLAN_BEARING = new Set(['active', 'trialing', 'past_due']);

/**
 * The plan a subscription row gives at `now`, honouring the period end on its own:
 * a cancellation or an operator's `--until` ends the plan at `current_period_end`, and a scheduled
 * downgrade takes over there, even if no webhook ever says so. A renewing subscription keeps its
 * plan past the period end until Stripe's answer is synced (the reconciler re-reads it).
 */
export function planOfSubscription(row: SubscriptionRow | undefined, now: number): PlanId {
  if (!row || !PLAN_BEARING.has(row.status)) return 'free';
  if (!periodEnded(row, now)) return row.plan;
  if (row.cancel_at_period_end) return 'free';
  return row.next_plan ?? row.plan;
}

/** The billing period (or an operator's end date) is over, whatever Stripe has said since. */
export function periodEnded(row: SubscriptionRow, now: number): boolean {
  return row.current_period_end !== null && now >= row.current_period_end;
}

/** A scheduled downgrade has taken over at the period end (with or without a webhook). */
export function scheduledChangeInEffect(row: SubscriptionRow, now: number): boolean {
  return PLAN_BEARING.has(row.status) && !row.cancel_at_period_end && row.next_plan !== null && row.next_interval !== null && periodEnded(row, now);
}

/**
 * When the plan of this row changes by itself (period end of a cancellation, a downgrade or an
 * operator's end date), or null: guest snapshots rendered for the current plan are valid until then.
 */
export function planChangesAt(row: SubscriptionRow | undefined, now: number): number | null {
  if (!row || !PLAN_BEARING.has(row.status) || row.current_period_end === null || now >= row.current_period_end) return null;
  return row.cancel_at_period_end || row.next_plan ? row.current_period_end : null;
}
