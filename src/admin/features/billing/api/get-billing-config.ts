import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingInterval, PaidPlanId } from '@shared/plans.ts';
import type { BillingConfig } from '@shared/schemas/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/config: whether payments work on this server, the publishable key, the price ids. */
export const billingConfigQueryOptions = queryOptions({
  queryKey: queryKeys.billing.config(),
  queryFn: () => api.get<BillingConfig>('/api/billing/config'),
  // Server configuration: it changes with a restart, not while a page is open.
  staleTime: 5 * 60_000,
});

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions);
}

/** Which plan and interval a price id sells, or null when this server does not sell it. */
export function findPrice(config: BillingConfig, priceId: string): { plan: PaidPlanId; interval: BillingInterval } | null {
  if (!priceId) return null;
  for (const plan of ['gold', 'premium'] as const) {
    for (const interval of ['monthly', 'yearly'] as const) {
      if (config.prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return null;
}
