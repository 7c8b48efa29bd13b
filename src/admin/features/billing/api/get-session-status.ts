import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface CheckoutSessionStatus {
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
}

/** GET /api/session_status?session_id= (docs/product.md §7); the server syncs a completed checkout on the way. */
export function getSessionStatus(sessionId: string): Promise<CheckoutSessionStatus> {
  return api.get<CheckoutSessionStatus>(`/api/session_status?session_id=${encodeURIComponent(sessionId)}`);
}

/** docs/product.md §2 Return: paid when Stripe completed the session and nothing is left to pay. */
export function isPaid({ status, payment_status }: CheckoutSessionStatus): boolean {
  return status === 'complete' && (payment_status === 'paid' || payment_status === 'no_payment_required');
}

export function useSessionStatus(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.billing.sessionStatus(sessionId),
    queryFn: () => getSessionStatus(sessionId),
    enabled: sessionId !== '',
    staleTime: Infinity,
  });
}
