import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { instructionKeys, instructionSummarySchema } from './get-instructions.ts';

const createdSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });

/**
 * POST /api/instruction {} → 201 `{ message, instruction }` (SPEC §4 "Creating an instruction").
 * The server fills the new guidebook from the host's auto-fill settings, picture and name; a Free
 * host who already has 3 gets 403 with the out-of-free text.
 */
export async function createInstruction(): Promise<z.output<typeof createdSchema>> {
  return createdSchema.parse(await api.post<unknown>('/api/instruction', {}));
}

export function useCreateInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstruction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });
}
