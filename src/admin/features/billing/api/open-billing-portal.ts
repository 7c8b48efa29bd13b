import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/billing-portal → `{ url }` of Stripe's Customer Portal (card, invoices). */
export async function createBillingPortalUrl(): Promise<string> {
  const { url } = await api.post<{ url: string }>('/api/billing-portal');
  return url;
}

/** The portal is Stripe's own page: the whole window goes there and Stripe links back. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createBillingPortalUrl,
    onSuccess: (url) => window.location.assign(url),
  });
}
