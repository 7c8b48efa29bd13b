import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentInput, LocksView } from '@shared/schemas/locks.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The Smart locks screen's data (docs/product/locks.md, docs/decisions/030-smart-locks.md §13):
 * one read of the accounts, their locks and the guidebooks, and the changes, each answering the
 * server's `{ message }`. Connecting leaves the page for Seam's webview and comes back with
 * `?attempt=<id>`, which `useCompleteConnect` finishes.
 */

/** GET /api/team/locks; 503 (smart locks off) and 403 come back as the query's error. */
export function useLocks(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.locks.all(), queryFn: () => api.get<LocksView>('/api/team/locks'), enabled, retry: false }));
}

function useChange<I, A extends { message: string }>(run: (input: I) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.locks.all() }) });
}

/** POST …/connect: the webview's address, which the caller opens as a top-level page. */
export function useStartConnect() {
  return useMutation({ mutationFn: () => api.post<{ url: string; attemptId: string }>('/api/team/locks/connect') });
}

/** POST …/connect/:attemptId/complete: 200 connected, 202 still connecting (asked again), an error otherwise. */
export function useCompleteConnect() {
  return useChange((attemptId: string) => api.post<{ message: string; connected: boolean }>(`/api/team/locks/connect/${encodeURIComponent(attemptId)}/complete`));
}

export function useAssign(deviceId: string) {
  return useChange((input: AssignmentInput) => api.put<{ message: string }>(`/api/team/locks/devices/${encodeURIComponent(deviceId)}/assignment`, input));
}

export function useRefresh(accountId: string) {
  return useChange(() => api.post<{ message: string }>(`/api/team/locks/accounts/${encodeURIComponent(accountId)}/refresh`));
}

export function useDisconnectLocks(accountId: string) {
  return useChange(() => api.delete<{ message: string }>(`/api/team/locks/accounts/${encodeURIComponent(accountId)}`));
}
