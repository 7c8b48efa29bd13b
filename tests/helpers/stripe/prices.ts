import { findPlan, planPriceCents, type BillingInterval, type PaidPlanId } from '../../../src/lib/shared/plans.ts';
import type { PriceConfig } from './objects.ts';

/** The app's STRIPE_PRICE_* variable of each plan and interval, and the id tests use for it. */
export const PRICE_IDS = {
  gold: { monthly: 'price_gold_monthly', yearly: 'price_gold_yearly' },
  premium: { monthly: 'price_premium_monthly', yearly: 'price_premium_yearly' },
} as const satisfies Record<PaidPlanId, Record<BillingInterval, string>>;

const VARIABLES = {
  gold: { monthly: 'STRIPE_PRICE_GOLD_MONTHLY', yearly: 'STRIPE_PRICE_GOLD_YEARLY' },
  premium: { monthly: 'STRIPE_PRICE_PREMIUM_MONTHLY', yearly: 'STRIPE_PRICE_PREMIUM_YEARLY' },
} as const;

const PLAN_IDS: readonly PaidPlanId[] = ['gold', 'premium'];
const INTERVALS: readonly BillingInterval[] = ['monthly', 'yearly'];

/**
 * The stand-in's prices: the amounts of src/lib/shared/plans.ts (so Stripe and the pricing view
 * agree), under the ids `ids` gives (the app's environment, or PRICE_IDS).
 */
export function standInPrices(ids: (plan: PaidPlanId, interval: BillingInterval) => string = (plan, interval) => PRICE_IDS[plan][interval]): PriceConfig[] {
  return PLAN_IDS.flatMap((plan) =>
    INTERVALS.map((interval) => ({
      id: ids(plan, interval),
      unitAmount: planPriceCents(findPlan(plan), interval),
      interval: interval === 'yearly' ? ('year' as const) : ('month' as const),
      product: `prod_${plan}`,
      nickname: `${findPlan(plan).name} ${interval}`,
    })),
  );
}

/** The app's price variables for PRICE_IDS (or the ids `ids` gives). */
export function priceEnv(ids: (plan: PaidPlanId, interval: BillingInterval) => string = (plan, interval) => PRICE_IDS[plan][interval]): Record<string, string> {
  return Object.fromEntries(PLAN_IDS.flatMap((plan) => INTERVALS.map((interval) => [VARIABLES[plan][interval], ids(plan, interval)])));
}

export const priceVariable = (plan: PaidPlanId, interval: BillingInterval): string => VARIABLES[plan][interval];
