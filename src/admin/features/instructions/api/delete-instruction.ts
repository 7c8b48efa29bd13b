import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { InstructionSummary } from './get-instructions.ts';

const deletedSchema = z.object({ message: z.string().catch('') });

/** DELETE /api/instruction/:id → `{ message }` (docs/product.md §8: the success toast is the server's text). */
export async function deleteInstruction(id: string): Promise<z.output<typeof deletedSchema>> {
  return deletedSchema.parse(await api.delete<unknown>(`/api/instruction/${encodeURIComponent(id)}`));
}

export function useDeleteInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInstruction,
    onSuccess: (_data, id) => {
      // Gone at once, before the refetch answers.
      queryClient.setQueryData<InstructionSummary[]>(queryKeys.instructions.list(), (list) => list?.filter((item) => item._id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}
