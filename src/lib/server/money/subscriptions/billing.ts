import type Stripe from 'stripe';
import type { StripeConfig } from '../../platform/config.ts';
import { BILLING_INTERVALS, PAID_PLAN_IDS, type BillingInterval, type PaidPlanId } from '@shared/plans.ts';
import { createStripeClient } from './stripe-client.ts';

export interface PricedPlan {
  plan: PaidPlanId;
  interval: BillingInterval;
}

/**
 * Stripe as the app uses it: the SDK client, the webhook secret and the configured prices.
 * Built once by the runtime when STRIPE_SECRET_KEY is set; without it billing is off and plans
 * come from the admin CLI alone.
 */
export interface Billing {
  stripe: Stripe;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** The Connect endpoint's signing secret (payouts); undefined: Connect events are refused. */
  connectWebhookSecret: string | undefined;
  /** The price id sold for a plan and interval, if configured. */
  priceFor(plan: PaidPlanId, interval: BillingInterval): string | undefined;
  /** Which plan and interval a price id stands for; null for a price we do not sell. */
  planOfPrice(priceId: string): PricedPlan | null;
}

export function createBilling(config: StripeConfig): Billing {
  const byPrice = new Map<string, PricedPlan>();
  for (const plan of PAID_PLAN_IDS) {
    for (const interval of BILLING_INTERVALS) {
      const id = config.prices[plan][interval];
      if (id) byPrice.set(id, { plan, interval });
    }
  }
  return {
    stripe: createStripeClient(config),
    publishableKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
    connectWebhookSecret: config.connectWebhookSecret,
    priceFor: (plan, interval) => config.prices[plan][interval],
    planOfPrice: (priceId) => byPrice.get(priceId) ?? null,
  };
}
