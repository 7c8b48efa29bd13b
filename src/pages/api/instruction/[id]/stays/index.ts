import type { APIContext } from 'astro';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getCalendarStatus } from '@server/stays/calendar-status.ts';
import { createStay } from '@server/stays/create-stay.ts';
import { listStays, readStaysQuery } from '@server/stays/read-stays.ts';
import { messages } from '@shared/messages.ts';
import { createStaySchema } from '@shared/schemas/stay.ts';

function scope(context: APIContext): { access: TeamAccess; id: string } {
  const access = requireTeam(context.locals);
  return { access, id: context.params.id ?? '' };
}

/** GET /api/instruction/:id/stays?group=&limit=&cursor= → `StaysPage` (schemas/stay.ts). */
export const GET = handle(async (context: APIContext) => {
  const owned = scope(context);
  const page = await listStays(owned, readStaysQuery(context.url.searchParams));
  return json({ ...page, calendar: await getCalendarStatus(owned) });
});

/** POST /api/instruction/:id/stays → 201 `{ message, stay }`. */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, createStaySchema);
  const stay = await createStay(scope(context), input);
  return json({ message: messages.stays.created, stay }, 201);
});
