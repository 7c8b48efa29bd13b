import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { staysPath } from './get-stays.ts';

/** DELETE /api/instruction/:id/stays/:stayId → `{ message }`: the stay's link answers 404 at once. */
export function deleteStay(id: string, stayId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${staysPath(id)}/${encodeURIComponent(stayId)}`);
}

export function useDeleteStay(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stayId: string) => deleteStay(id, stayId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stays.of(id) }),
  });
}
