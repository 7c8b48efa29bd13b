import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutState } from '@shared/payouts.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useCan } from './team-role.ts';

/** GET /api/payouts: the host's payout state as the server stored it (docs/product.md §2 Payouts). */
const payoutsQueryOptions = queryOptions({
  queryKey: queryKeys.payouts.state(),
  queryFn: () => api.get<PayoutState>('/api/payouts'),
});

/** Asked only by the member who may manage payouts (the Owner, docs/product.md §6 Team roles): others would get a 403. */
export function usePayouts() {
  return useQuery({ ...payoutsQueryOptions, enabled: useCan()('payouts.manage') });
}

/**
 * Where the host stands with online payments (docs/product.md §2 Payouts), decided from the state
 * alone: the Payouts screen shows each stage, the editor's Extras section says it in a line.
 * - `unavailable`: no Stripe on this server, extras are requests;
 * - `upgrade`: a Free host, extras are requests until Gold or Premium;
 * - `connect`: no Stripe account yet;
 * - `details`: an account, with details Stripe still asks for;
 * - `connected`: onboarding done (card payments and payouts may still be paused by Stripe).
 */
export type PayoutStage = 'unavailable' | 'upgrade' | 'connect' | 'details' | 'connected';

export function payoutStage(state: PayoutState): PayoutStage {
  if (!state.stripeConfigured) return 'unavailable';
  if (!state.onlinePaymentsPlan) return 'upgrade';
  if (!state.connected) return 'connect';
  return state.detailsSubmitted ? 'connected' : 'details';
}
