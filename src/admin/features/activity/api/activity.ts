import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@shared/team-activity.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/team/activity[?before=]: the team's lines, newest first, 50 a page (src/lib/shared/team-activity.ts). */
export function activityQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.activity.all(),
    queryFn: ({ pageParam }) => api.get<ActivityPage>(`/api/team/activity${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Each visit reads it again: what the team did meanwhile comes first.
    staleTime: 0,
  });
}

/** The pages read so far; `fetchNextPage` is "Load older". */
export function useActivity() {
  return useInfiniteQuery(activityQueryOptions());
}
