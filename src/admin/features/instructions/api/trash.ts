import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashedInstruction } from '@shared/schemas/history.ts';
import { api } from '../../../lib/api-client.ts';
import { instructionKeys } from './get-instructions.ts';

/** The trash's query key, under the list's so that every change of the list refreshes it too. */
export const trashKey = [...instructionKeys.all, 'trash'] as const;

/** GET /api/instruction/trash: deleted guidebooks, kept 30 days (docs/decisions/016-revisions-and-trash.md). */
export function useTrash() {
  return useQuery(queryOptions({ queryKey: trashKey, queryFn: () => api.get<TrashedInstruction[]>('/api/instruction/trash') }));
}

/** POST /api/instruction/:id/restore: back in the list with its old link and stay links. */
export function useRestoreInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/restore`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });
}

/** DELETE /api/instruction/trash/:id: "Delete forever". */
export function usePurgeInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/instruction/trash/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKey }),
  });
}
