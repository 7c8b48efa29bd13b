import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarStatus } from '@shared/schemas/stay.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

interface CalendarAnswer {
  message: string;
  calendar: CalendarStatus | null;
}

function calendarPath(id: string): string {
  return `/api/instruction/${encodeURIComponent(id)}/calendar`;
}

/** PUT /api/instruction/:id/calendar `{ url }` ('' removes it) → `{ message, calendar }`. */
export function saveCalendar(id: string, url: string): Promise<CalendarAnswer> {
  return api.put<CalendarAnswer>(calendarPath(id), { url });
}

/** POST /api/instruction/:id/calendar: sync now → `{ message, calendar }`. */
export function syncCalendar(id: string): Promise<CalendarAnswer> {
  return api.post<CalendarAnswer>(calendarPath(id), {});
}

/** Both change stays (a sync creates, moves and drops them): the list is read again after either. */
export function useCalendar(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.stays.of(id) });
  return {
    save: useMutation({ mutationFn: (url: string) => saveCalendar(id, url), onSettled: refresh }),
    sync: useMutation({ mutationFn: () => syncCalendar(id), onSettled: refresh }),
  };
}
