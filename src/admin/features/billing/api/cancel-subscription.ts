import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlan } from '../../../lib/subscription.ts';

/** POST /api/cancel-subscription → `{ message }`: the plan ends at the period end (docs/product.md §4). */
export function cancelSubscription(): Promise<{ message: string }> {
  return api.post('/api/cancel-subscription');
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSettled: () => refreshPlan(queryClient) });
}
