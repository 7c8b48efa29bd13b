import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { instructionKeys, instructionSummarySchema, replaceInList, type InstructionSummary } from './get-instructions.ts';

const regeneratedSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });

/**
 * PATCH /api/instruction/preview/:token → `{ message, instruction }` with a new token; the old
 * link stops working at once (SPEC §4 "Instruction access").
 */
export async function regenerateLink(token: string): Promise<z.output<typeof regeneratedSchema>> {
  return regeneratedSchema.parse(await api.patch<unknown>(`/api/instruction/preview/${encodeURIComponent(token)}`, {}));
}

export function useRegenerateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateLink,
    onSuccess: ({ instruction }) => {
      queryClient.setQueryData<InstructionSummary[]>(instructionKeys.list(), (list) => replaceInList(list, instruction));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });
}
