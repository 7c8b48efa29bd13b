import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Revision, RevisionSummary } from '@shared/schemas/history.ts';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const base = (id: string) => `/api/instruction/${encodeURIComponent(id)}/revisions`;

export function useRevisions(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.instructions.revisions(id),
      queryFn: async () => (await api.get<{ revisions: RevisionSummary[] }>(base(id))).revisions,
    }),
  );
}

/** One version with its content; fetched when the host opens it. */
export function useRevision(id: string, revisionId: string | null) {
  return useQuery({
    queryKey: queryKeys.instructions.revision(id, revisionId ?? ''),
    queryFn: () => api.get<Revision>(`${base(id)}/${encodeURIComponent(revisionId ?? '')}`),
    enabled: revisionId !== null,
    staleTime: Infinity,
  });
}

/** POST …/revisions/:revisionId/restore: a new save of that version's content. */
export function useRestoreRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, version }: { revisionId: string; version: number }) =>
      api.post<{ message: string; instruction: Instruction }>(`${base(id)}/${encodeURIComponent(revisionId)}/restore`, { version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.revisions(id) }),
  });
}
