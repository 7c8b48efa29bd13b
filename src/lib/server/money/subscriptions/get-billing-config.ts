import type { BillingConfig } from '@shared/schemas/billing.ts';
import { getRuntime } from '../../platform/runtime.ts';

/** GET /api/billing/config: whether payments work here, the publishable key and the price ids. */
export async function getBillingConfig(): Promise<BillingConfig> {
  const { config } = await getRuntime();
  const stripe = config.stripe;
  const price = (id: string | undefined) => (stripe ? (id ?? null) : null);
  return {
    enabled: Boolean(stripe?.publishableKey),
    publishableKey: stripe?.publishableKey ?? null,
    prices: {
      gold: { monthly: price(stripe?.prices.gold.monthly), yearly: price(stripe?.prices.gold.yearly) },
      premium: { monthly: price(stripe?.prices.premium.monthly), yearly: price(stripe?.prices.premium.yearly) },
    },
  };
}
