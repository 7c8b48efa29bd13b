import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarStatus, Stay } from '@shared/schemas/stay.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/instruction/:id/stays (contract in src/lib/shared/schemas/stay.ts). */
export interface StaysAnswer {
  /** Soonest check-in first. */
  stays: Stay[];
  /** The booking calendar and its last sync; null when the guidebook has none. */
  calendar: CalendarStatus | null;
}

/** Query keys of this feature, one place (STYLE.md: queryOptions factories). */
export const stayKeys = {
  all: ['stays'] as const,
  list: (id: string) => [...stayKeys.all, id] as const,
};

export function staysPath(id: string): string {
  return `/api/instruction/${encodeURIComponent(id)}/stays`;
}

export function getStays(id: string): Promise<StaysAnswer> {
  return api.get<StaysAnswer>(staysPath(id));
}

export function staysQueryOptions(id: string) {
  return queryOptions({
    queryKey: stayKeys.list(id),
    queryFn: () => getStays(id),
    // A stay moves from upcoming to current, a guest opens the code, a calendar sync runs every
    // 30 minutes: a view left open catches up once a minute.
    refetchInterval: 60_000,
  });
}

export function useStays(id: string) {
  return useQuery(staysQueryOptions(id));
}
