import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Insights } from '@shared/insights.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/instruction/:id/insights?days= (docs/product/insights.md), refreshed each minute while shown. */
export function insightsQueryOptions(id: string, days: number) {
  return queryOptions({
    queryKey: queryKeys.insights.period(id, days),
    queryFn: () => api.get<Insights>(`/api/instruction/${encodeURIComponent(id)}/insights?days=${days}`),
    refetchInterval: 60_000,
  });
}

export function useInsights(id: string, days: number) {
  return useQuery(insightsQueryOptions(id, days));
}

/** GET /api/instruction/:id, read for the Insights screen's header: the name and the property's time zone. */
const guidebookSchema = z.object({ nameInstruction: z.string().catch(''), timeZone: z.string().catch('') });

export function useInsightsGuidebook(id: string) {
  return useQuery({
    // Under the guidebook's own key, which the editor's save invalidates.
    queryKey: queryKeys.instructions.forInsights(id),
    queryFn: async () => guidebookSchema.parse(await api.get<unknown>(`/api/instruction/${encodeURIComponent(id)}`)),
  });
}
