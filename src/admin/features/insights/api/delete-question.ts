import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/instruction/:id/questions/:questionId → `{ message }`: a guest's unanswered question removed for good. */
export function useDeleteQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => api.delete<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/questions/${encodeURIComponent(questionId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.insights.of(id) }),
  });
}
