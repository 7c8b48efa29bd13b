import { useQuery } from '@tanstack/react-query';
import type { SubscriptionChangePreview } from '@shared/schemas/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/preview-subscription-change `{ newPriceId }`: what a change costs, before it is made. */
export function previewSubscriptionChange(newPriceId: string): Promise<SubscriptionChangePreview> {
  return api.post<SubscriptionChangePreview>('/api/preview-subscription-change', { newPriceId });
}

/** Read each time the confirmation opens: a proration depends on the minute it is asked. */
export function useSubscriptionChangePreview(newPriceId: string | null) {
  return useQuery({
    queryKey: queryKeys.billing.changePreview(newPriceId),
    queryFn: () => previewSubscriptionChange(newPriceId ?? ''),
    enabled: newPriceId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
