import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { saveCalendar, syncCalendarNow } from '@server/stays/save-calendar.ts';
import { calendarSchema } from '@shared/schemas/stay.ts';
import type { TeamAction } from '@shared/team-roles.ts';

/** The team acting, allowed `action` on the guidebook of the path (docs/decisions/028-teams.md §6). */
async function scope(context: APIContext, action: TeamAction): Promise<{ access: TeamAccess; id: string }> {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  await authorize(access, action, id);
  return { access, id };
}

/**
 * PUT /api/instruction/:id/calendar `{ url }` → `{ message, calendar }` after the first sync
 * (its failure is in `calendar.lastError`, still 200: the link is saved); 400 for a link that may
 * not be fetched; '' removes the calendar (`calendar: null`).
 */
export const PUT = handle(async (context: APIContext) => {
  const owned = await scope(context, 'calendar.write');
  const { url } = await readBody(context.request, calendarSchema);
  return json(await saveCalendar(owned, url));
});

/** POST /api/instruction/:id/calendar: sync now → `{ message, calendar }`; 404 without a calendar. */
export const POST = handle(async (context: APIContext) => json(await syncCalendarNow(await scope(context, 'calendar.write'))));
