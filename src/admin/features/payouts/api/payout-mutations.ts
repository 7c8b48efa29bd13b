import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@shared/currencies.ts';
import type { PayoutState } from '@shared/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Each answer that carries the state replaces the cached one: no second request to show it. A read
 * still on its way (the screen's first load, as the return from Stripe refreshes) is cancelled, so
 * its older answer cannot land on top.
 */
function useStoreState() {
  const client = useQueryClient();
  return (state: PayoutState) => {
    void client.cancelQueries({ queryKey: queryKeys.payouts.state() });
    client.setQueryData(queryKeys.payouts.state(), state);
  };
}

/** PUT /api/payouts/currency: the one currency of the host's extras. */
export function useSetPayoutCurrency() {
  const store = useStoreState();
  return useMutation({
    mutationFn: (currency: Currency) => api.put<PayoutState>('/api/payouts/currency', { currency }),
    onSuccess: store,
  });
}

/** POST /api/payouts/refresh: the connected account re-read from Stripe. */
export function useRefreshPayouts() {
  const store = useStoreState();
  return useMutation({
    mutationFn: () => api.post<PayoutState>('/api/payouts/refresh'),
    onSuccess: store,
  });
}

/**
 * POST /api/payouts/onboarding, then the whole window goes to Stripe's onboarding, which sends the
 * host back to /dashboard/payouts?onboarding=done (or =refresh when the link ran out).
 */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: (country: string) => api.post<{ url: string }>('/api/payouts/onboarding', { country }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * POST /api/payouts/dashboard-link, then to the host's Stripe dashboard. Its links are single-use
 * and short-lived, so the window goes there at once, as to the billing portal.
 */
export function useOpenPayoutDashboard() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/api/payouts/dashboard-link'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
