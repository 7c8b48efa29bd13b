import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaysPage } from '@shared/schemas/stay.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A guidebook's stays that have not ended: guests staying now, and stays still to come. */
export interface StaysAhead {
  current: number;
  upcoming: number;
}

/**
 * The server's counts of a guidebook's stays (GET /api/instruction/:id/stays, owner only, its
 * `counts`; one stay asked for, the counts are what is read), for the delete confirmation: asked
 * again each time it opens, so it says how many stay links stop working now.
 */
export function staysAheadQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.stays.ahead(id),
    queryFn: async (): Promise<StaysAhead> => {
      const { counts } = await api.get<StaysPage>(`/api/instruction/${encodeURIComponent(id)}/stays?group=upcoming&limit=1`);
      return { current: counts.current, upcoming: counts.upcoming };
    },
    staleTime: 0,
  });
}

/** Read only while `enabled` (the confirmation is open). */
export function useStaysAhead(id: string, enabled: boolean) {
  return useQuery({ ...staysAheadQueryOptions(id), enabled });
}
