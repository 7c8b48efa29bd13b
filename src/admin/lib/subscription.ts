import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /api/get-subscription-data (docs/product.md §3 "Subscription", §7): the plan in effect and the
 * subscription behind it. The profile's Current Plan card and the billing screens both read it, so
 * it lives in lib/ like auth.ts (docs/style.md 15: features do not import each other).
 *
 * Kept under the user key (docs/product.md §7 cache tag "User"): one invalidation after a plan change
 * refreshes it together with /api/users/me, which the rest of the dashboard reads the plan from.
 */
export const subscriptionQueryOptions = queryOptions({
  queryKey: queryKeys.user.subscription(),
  // The answer's type is the server's own (src/lib/shared), so it is not validated a second time.
  queryFn: () => api.get<SubscriptionData>('/api/get-subscription-data'),
});

export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}

/** After a paid checkout, a plan change or a cancellation: everything that shows the plan re-reads it. */
export function refreshPlan(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.user.all() });
}

/** docs/product.md §4, §9: the page reloads 2 s after a confirmed plan change (long enough to read the toast). */
export const RELOAD_AFTER_CHANGE_MS = 2_000;

export function reloadAfterPlanChange(): void {
  window.setTimeout(() => window.location.reload(), RELOAD_AFTER_CHANGE_MS);
}
