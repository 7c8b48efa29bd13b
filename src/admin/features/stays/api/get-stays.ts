import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StayGroup, StaysPage } from '@shared/schemas/stay.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Stays the view asks for at a time: a screenful of cards, and "Show more" for the rest. */
export const STAYS_PAGE_SIZE = 10;

export function staysPath(id: string): string {
  return `/api/instruction/${encodeURIComponent(id)}/stays`;
}

/** GET /api/instruction/:id/stays?group=&limit=&cursor= (contract in src/lib/shared/schemas/stay.ts). */
export function getStaysPage(id: string, group: StayGroup, cursor: string | null): Promise<StaysPage> {
  const query = new URLSearchParams({ group, limit: String(STAYS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<StaysPage>(`${staysPath(id)}?${query}`);
}

export function stayGroupQueryOptions(id: string, group: StayGroup) {
  return infiniteQueryOptions({
    queryKey: queryKeys.stays.group(id, group),
    queryFn: ({ pageParam }) => getStaysPage(id, group, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // A stay moves from upcoming to current, a guest opens the code, a calendar sync runs every
    // 30 minutes: a view left open catches up once a minute (the pages shown, all of them).
    refetchInterval: 60_000,
  });
}

/** One group's pages; `fetchNextPage` is "Show more". */
export function useStayGroup(id: string, group: StayGroup) {
  return useInfiniteQuery(stayGroupQueryOptions(id, group));
}
