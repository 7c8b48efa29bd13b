import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { instructionSummarySchema } from './get-instructions.ts';

const duplicatedSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });

/** POST /api/instruction/:id → 201 `{ message, instruction }`: a copy with its own id and link. */
export async function duplicateInstruction(id: string): Promise<z.output<typeof duplicatedSchema>> {
  return duplicatedSchema.parse(await api.post<unknown>(`/api/instruction/${encodeURIComponent(id)}`, {}));
}

export function useDuplicateInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateInstruction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}
