import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArrivalView, ArrivalsView, StayLockCode } from '@shared/schemas/arrivals.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Arrivals' data (docs/product/locks.md, Arrivals; docs/decisions/030-smart-locks.md §13): the
 * list (no digits), read again every 10 seconds while a code is being set so "Setting" turns to
 * "Set" by itself; one stay's digits on request; "Try again" and "Type a code".
 */

const POLL_MS = 10_000;
const settling = (view: ArrivalsView | undefined) => view?.arrivals.some((arrival) => arrival.state === 'setting' || arrival.state === 'retrying') ?? false;

/** GET /api/team/arrivals; 503 (smart locks off) comes back as the query's error. */
export function useArrivals() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.arrivals.all(),
      queryFn: () => api.get<ArrivalsView>('/api/team/arrivals?days=7'),
      retry: false,
      refetchInterval: (query) => (settling(query.state.data) ? POLL_MS : false),
    }),
  );
}

const codePath = (arrival: ArrivalView) => `/api/instruction/${encodeURIComponent(arrival.guidebookId)}/stays/${encodeURIComponent(arrival.stayId)}/lock-code`;

/** GET …/lock-code: asked on "Show code" only, never kept in the query cache. */
export function useShowCode(arrival: ArrivalView) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api.get<StayLockCode>(codePath(arrival)), onSettled: () => client.invalidateQueries({ queryKey: queryKeys.arrivals.all() }) });
}

export function useRetryCode(arrival: ArrivalView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>(`${codePath(arrival)}/retry`, { generation: arrival.generation ?? 0 }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.arrivals.all() }),
  });
}

export function useTypeCode(arrival: ArrivalView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.put<{ message: string }>(`${codePath(arrival)}/manual`, { code }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.arrivals.all() }),
  });
}
