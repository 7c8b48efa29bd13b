import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Insights } from '@shared/insights.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Unanswered questions are kept 90 days: the insights of that period hold every one still listed. */
const KEPT_DAYS = 90;

/**
 * The question of `/dashboard/edit/:id?answer=<questionId>` (docs/decisions/031 §13, "Add the
 * answer"), read from the guidebook's insights of the last 90 days; null once it is gone.
 */
export function useGuestQuestion(id: string, questionId: string | null) {
  return useQuery({
    queryKey: queryKeys.insights.period(id, KEPT_DAYS),
    queryFn: () => api.get<Insights>(`/api/instruction/${encodeURIComponent(id)}/insights?days=${KEPT_DAYS}`),
    enabled: questionId !== null,
    select: (insights) => insights.questions.unanswered.find((question) => question._id === questionId) ?? null,
  });
}

/** "Remove the question from the list" after the answer is saved: DELETE /api/instruction/:id/questions/:questionId. */
export function useRemoveQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => api.delete<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/questions/${encodeURIComponent(questionId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.insights.of(id) }),
  });
}
