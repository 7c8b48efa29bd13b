import { findPlan, planPriceCents } from '@shared/plans.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Billing } from './billing.ts';
import type { StripeConfig } from '../../platform/config.ts';

/**
 * At start, compares each configured Stripe price with the price table the pricing view shows
 * (src/lib/shared/plans.ts): a host must be charged what they were shown. A mismatch, a missing
 * price or an unreachable Stripe is logged, never fatal (Stripe stays the one that charges).
 */
export async function verifyPrices(billing: Billing, prices: StripeConfig['prices'], log: Logger): Promise<void> {
  const checks = Object.entries(prices).flatMap(([plan, byInterval]) =>
    Object.entries(byInterval).map(async ([interval, id]) => {
      const label = `${plan} ${interval}`;
      if (!id) return log.warn(`billing: no Stripe price configured for ${label}: it cannot be bought`);
      const expected = planPriceCents(findPlan(plan as 'gold' | 'premium'), interval as 'monthly' | 'yearly');
      const price = await billing.stripe.prices.retrieve(id);
      const stripeInterval = interval === 'yearly' ? 'year' : 'month';
      if (price.unit_amount !== expected || price.currency !== 'eur' || price.recurring?.interval !== stripeInterval || price.recurring.interval_count !== 1 || !price.active) {
        log.error({ priceId: id, expected: { amount: expected, currency: 'eur', interval: stripeInterval }, stripe: { amount: price.unit_amount, currency: price.currency, interval: price.recurring?.interval, active: price.active } }, `billing: the Stripe price of ${label} differs from the price shown to hosts`);
      }
    }),
  );
  const results = await Promise.allSettled(checks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) log.warn({ err: failed.reason }, 'billing: could not check the configured prices with Stripe');
}
