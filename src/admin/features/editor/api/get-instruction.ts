import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/instruction/:id (docs/product.md §7): the whole guidebook, with the `version` a save must carry. */
export function getInstruction(id: string): Promise<Instruction> {
  return api.get<Instruction>(`/api/instruction/${encodeURIComponent(id)}`);
}

export function instructionQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.instructions.detail(id),
    queryFn: () => getInstruction(id),
    // The form is a copy taken once; a refetch on focus would only fetch a version the form
    // ignores (a stale save gets its 409 either way). Opening the editor always re-reads it:
    // EditorScreen waits for a copy fetched after it mounted.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}

export function useInstruction(id: string) {
  return useQuery(instructionQueryOptions(id));
}
