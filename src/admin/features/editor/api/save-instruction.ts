import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';

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
      queryClient.setQueryData(['instruction', instruction._id], instruction);
      // The list (another feature) shows names, addresses and images: let it re-read whatever key it uses.
      await queryClient.invalidateQueries({ predicate: (query) => /^instructions?$/i.test(String(query.queryKey[0])) });
    },
  });
}
