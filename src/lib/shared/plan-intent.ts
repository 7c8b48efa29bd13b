import { BILLING_INTERVALS, PAID_PLAN_IDS, type BillingInterval, type PaidPlanId } from './plans.ts';

/**
 * A paid plan chosen before there was an account ("Choose Gold" on the landing page's pricing):
 * it rides in the address, `?plan=gold&interval=yearly`, from /register through the verification
 * mail's link to the first login, which then opens the checkout for it. Monthly unless yearly.
 */
export interface PlanIntent {
  plan: PaidPlanId;
  interval: BillingInterval;
}

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return (PAID_PLAN_IDS as readonly unknown[]).includes(value);
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return (BILLING_INTERVALS as readonly unknown[]).includes(value);
}

/** The intent in an address's query, or null (no plan, or one this product does not sell). */
export function readPlanIntent(params: URLSearchParams): PlanIntent | null {
  const plan = params.get('plan');
  if (!isPaidPlanId(plan)) return null;
  const interval = params.get('interval');
  return { plan, interval: isBillingInterval(interval) ? interval : 'monthly' };
}

/** The intent of an API body's optional `plan` and `interval`; null without a paid plan. */
export function planIntentOf(plan: unknown, interval: unknown): PlanIntent | null {
  return isPaidPlanId(plan) ? { plan, interval: isBillingInterval(interval) ? interval : 'monthly' } : null;
}

/** `plan` and `interval` as query values (none for no intent). */
export function planIntentQuery(intent: PlanIntent | null): Record<string, string> {
  return intent ? { plan: intent.plan, interval: intent.interval } : {};
}

/** `path` with the intent in its query: "/login?plan=gold&interval=monthly". */
export function withPlanIntent(path: string, intent: PlanIntent | null): string {
  const query = new URLSearchParams(planIntentQuery(intent)).toString();
  return query ? `${path}?${query}` : path;
}

/** The dashboard's checkout for the intent (the checkout finds the plan's price id). */
export function checkoutPath(intent: PlanIntent): string {
  return withPlanIntent('/dashboard/checkout', intent);
}
