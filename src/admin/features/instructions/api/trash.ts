import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashedInstruction } from '@shared/schemas/history.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/instruction/trash: deleted guidebooks, kept 30 days (docs/decisions/016-revisions-and-trash.md). */
export function useTrash() {
  return useQuery(queryOptions({ queryKey: queryKeys.instructions.trash(), queryFn: () => api.get<TrashedInstruction[]>('/api/instruction/trash') }));
}

/** POST /api/instruction/:id/restore: back in the list with its old link and stay links. */
export function useRestoreInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/restore`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}

/** DELETE /api/instruction/trash/:id: "Delete forever". */
export function usePurgeInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/instruction/trash/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.trash() }),
  });
}
