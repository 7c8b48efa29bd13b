import type { APIContext } from 'astro';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { saveCalendar, syncCalendarNow } from '@server/stays/save-calendar.ts';
import { calendarSchema } from '@shared/schemas/stay.ts';

function scope(context: APIContext): { access: TeamAccess; id: string } {
  const access = requireTeam(context.locals);
  return { access, id: context.params.id ?? '' };
}

/**
 * PUT /api/instruction/:id/calendar `{ url }` → `{ message, calendar }` after the first sync
 * (its failure is in `calendar.lastError`, still 200: the link is saved); 400 for a link that may
 * not be fetched; '' removes the calendar (`calendar: null`).
 */
export const PUT = handle(async (context: APIContext) => {
  const owned = scope(context);
  const { url } = await readBody(context.request, calendarSchema);
  return json(await saveCalendar(owned, url));
});

/** POST /api/instruction/:id/calendar: sync now → `{ message, calendar }`; 404 without a calendar. */
export const POST = handle(async (context: APIContext) => json(await syncCalendarNow(scope(context))));
