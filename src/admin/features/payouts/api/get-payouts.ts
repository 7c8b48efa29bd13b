import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutState } from '@shared/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/payouts: the host's payout state as the server stored it (docs/product.md §2 Payouts). */
export const payoutsQueryOptions = queryOptions({
  queryKey: queryKeys.payouts.state(),
  queryFn: () => api.get<PayoutState>('/api/payouts'),
});

export function usePayouts() {
  return useQuery(payoutsQueryOptions);
}
