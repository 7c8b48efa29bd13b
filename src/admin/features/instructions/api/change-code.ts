import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { instructionKeys, instructionSummarySchema, replaceInList, type InstructionSummary } from './get-instructions.ts';

const changedSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });

export interface ChangeCodeInput {
  id: string;
  /** SPEC §5: no client-side rule, '' clears the code. */
  code: string;
}

/** PATCH /api/instruction/:id `{ code }` → `{ message, instruction }` (SPEC §4 "Change Code"). */
export async function changeCode({ id, code }: ChangeCodeInput): Promise<z.output<typeof changedSchema>> {
  return changedSchema.parse(await api.patch<unknown>(`/api/instruction/${encodeURIComponent(id)}`, { code }));
}

export function useChangeCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCode,
    onSuccess: ({ instruction }) => {
      queryClient.setQueryData<InstructionSummary[]>(instructionKeys.list(), (list) => replaceInList(list, instruction));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });
}
