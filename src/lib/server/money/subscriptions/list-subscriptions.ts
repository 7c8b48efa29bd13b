import type Stripe from 'stripe';
import { isLiveStatus } from '@shared/schemas/billing.ts';
import type { Billing } from './billing.ts';

export interface CustomerSubscriptions {
  /** Every subscription Stripe has for the customer, ended ones included. */
  all: Stripe.Subscription[];
  /** The live ones (docs/product.md §4: active, trialing, past_due, unpaid), oldest first. */
  live: Stripe.Subscription[];
}

/** A customer's subscriptions as Stripe has them now (never our table, which may be behind). */
export async function listSubscriptions(billing: Billing, customerId: string): Promise<CustomerSubscriptions> {
  const { data } = await billing.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  return { all: data, live: data.filter((subscription) => isLiveStatus(subscription.status)).sort((a, b) => a.created - b.created) };
}
