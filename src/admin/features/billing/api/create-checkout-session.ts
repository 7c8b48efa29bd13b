import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/create-checkout-session `{ price_id }` → `{ clientSecret }` (docs/product.md §7). */
export async function createCheckoutSession(priceId: string): Promise<string> {
  const { clientSecret } = await api.post<{ clientSecret: string }>('/api/create-checkout-session', { price_id: priceId });
  return clientSecret;
}

/**
 * One checkout session per visit of the checkout page. A query rather than Stripe's own
 * `fetchClientSecret` so that a refusal (409 already subscribed, 503, 400) is ours to show
 * (docs/product.md §8); Stripe's provider has no error callback. Never refetched by itself: each new session
 * expires the previous one on the server, which would pull the form from under the payer.
 */
export function useCheckoutSession(priceId: string) {
  return useQuery({
    queryKey: queryKeys.billing.checkoutSession(priceId),
    queryFn: () => createCheckoutSession(priceId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
