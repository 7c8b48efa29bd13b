import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/instruction/:id/feedback/:feedbackId → `{ message }`: a guest's answer removed for good. */
export function useDeleteFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedbackId: string) => api.delete<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/feedback/${encodeURIComponent(feedbackId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.insights.of(id) }),
  });
}
