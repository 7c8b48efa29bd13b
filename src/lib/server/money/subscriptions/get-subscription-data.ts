import { findPlan, planPriceCents, type PlanName } from '@shared/plans.ts';
import type { SubscriptionData, SubscriptionStatus } from '@shared/schemas/billing.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { periodEnded, planOfSubscription, scheduledChangeInEffect } from '../../account/plan-of-subscription.ts';

const NAMES = { free: 'Free', gold: 'Gold', premium: 'Premium' } as const satisfies Record<string, PlanName>;

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * GET /api/get-subscription-data (docs/product.md §3 "Subscription", §7), from our synced table. The plan
 * shown is the one in effect now (a canceled subscription shows as Free, docs/product.md §4); a plan that has
 * ended by itself at its period end shows as canceled even before Stripe's webhook says so.
 */
export async function getSubscriptionData({ access, email }: { access: TeamScope; email: string }): Promise<SubscriptionData> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('subscriptions').selectAll().where('team_id', '=', access.teamId).executeTakeFirst();
  const now = Date.now();
  const planId = planOfSubscription(row, now);
  const plan = findPlan(planId);
  const endedByItself = row !== undefined && planId === 'free' && row.plan !== 'free' && row.cancel_at_period_end === 1 && periodEnded(row, now);
  const status = (endedByItself ? 'canceled' : (row?.status ?? null)) as SubscriptionStatus | null;
  const downgraded = row !== undefined && scheduledChangeInEffect(row, now);
  const interval = downgraded ? row.next_interval : (row?.payment_interval ?? null);
  return {
    plan: NAMES[planId],
    planId,
    instructionsNumber: plan.instructionLimit,
    price: planId === 'free' || !interval ? 0 : downgraded ? planPriceCents(plan, interval) : (row?.price_cents ?? planPriceCents(plan, interval)),
    paymentInterval: planId === 'free' ? null : interval,
    currentPeriodEnd: iso(row?.current_period_end ?? null),
    status,
    cancelAtPeriodEnd: row?.cancel_at_period_end === 1,
    email,
    scheduledChange:
      !downgraded && row?.next_plan && row.next_interval && row.current_period_end
        ? { plan: row.next_plan, interval: row.next_interval, price: planPriceCents(findPlan(row.next_plan), row.next_interval), at: new Date(row.current_period_end).toISOString() }
        : null,
    pendingChange: row?.pending_plan && row.pending_interval ? { plan: row.pending_plan, interval: row.pending_interval, expiresAt: iso(row.pending_expires_at) } : null,
    managedBy: row ? (row.source === 'operator' ? 'operator' : 'stripe') : null,
  };
}
