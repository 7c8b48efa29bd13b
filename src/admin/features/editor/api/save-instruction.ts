import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

interface SaveAnswer {
  message: string;
  instruction: Instruction;
}

/**
 * PUT /api/instruction/:id with the whole guidebook and the `version` it was loaded at. The server
 * answers 409 when another tab or device saved first, 403 when the plan does not allow editing
 * it, 400 when a field is refused; api-client turns each into an ApiError with the server's words.
 */
export function saveInstruction(body: Instruction): Promise<SaveAnswer> {
  return api.put<SaveAnswer>(`/api/instruction/${encodeURIComponent(body._id)}`, body);
}

export function useSaveInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInstruction,
    onSuccess: async ({ instruction }) => {
      queryClient.setQueryData(queryKeys.instructions.detail(instruction._id), instruction);
      // Every guidebook query reads again: the list and the trash (another feature) show names,
      // addresses and images, the Stays screen the time zone and usual times, History the new version.
      await queryClient.invalidateQueries({ queryKey: queryKeys.instructions.all() });
    },
  });
}
