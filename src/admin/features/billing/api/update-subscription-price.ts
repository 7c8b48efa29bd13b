import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInterval } from '@shared/plans.ts';
import { api } from '../../../lib/api-client.ts';
import { refreshPlan } from '../../../lib/subscription.ts';

interface Input {
  newPriceId: string;
  newInterval: BillingInterval;
}

/** POST /api/update-subscription-price → `{ message, change }`; 402 when the upgrade's payment failed. */
export function updateSubscriptionPrice(input: Input): Promise<{ message: string; change: 'upgrade' | 'downgrade' }> {
  return api.post('/api/update-subscription-price', input);
}

export function useUpdateSubscriptionPrice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSubscriptionPrice, onSettled: () => refreshPlan(queryClient) });
}
