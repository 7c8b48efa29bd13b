import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys.ts';
import { instructionSummarySchema, replaceInList, type InstructionSummary } from './get-instructions.ts';

/** `{ message, instruction }`: the answer to a change of one guidebook (a new code, a new link). */
export const changedInstructionSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });
export type ChangedInstruction = z.output<typeof changedInstructionSchema>;

/**
 * A mutation that changes one guidebook: the server's copy replaces it in the cached list at
 * once, then the list is read again whatever happened.
 */
export function useInstructionChange<Input>(mutationFn: (input: Input) => Promise<ChangedInstruction>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ instruction }) => {
      queryClient.setQueryData<InstructionSummary[]>(queryKeys.instructions.list(), (list) => replaceInList(list, instruction));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}
