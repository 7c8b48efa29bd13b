import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getCalendarStatus } from '@server/stays/calendar-status.ts';
import { createStay } from '@server/stays/create-stay.ts';
import { guidebookPms } from '@server/stays/pms-stays.ts';
import { listStays, readStaysQuery } from '@server/stays/read-stays.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';
import { createStaySchema } from '@shared/schemas/stay.ts';
import type { TeamAction } from '@shared/team-roles.ts';

/** The team acting, allowed `action` on the guidebook of the path (docs/decisions/028-teams.md §6). */
async function scope(context: APIContext, action: TeamAction): Promise<{ access: TeamAccess; id: string }> {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  await authorize(access, action, id);
  return { access, id };
}

/** GET /api/instruction/:id/stays?group=&limit=&cursor= → `StaysPage` (schemas/stay.ts). */
export const GET = handle(async (context: APIContext) => {
  const owned = await scope(context, 'stays.read');
  const page = await listStays(owned, readStaysQuery(context.url.searchParams));
  const { db } = await getRuntime();
  return json({ ...page, calendar: await getCalendarStatus(owned), pms: await guidebookPms(db, owned.access.teamId, owned.id) });
});

/** POST /api/instruction/:id/stays → 201 `{ message, stay }`. */
export const POST = handle(async (context: APIContext) => {
  const owned = await scope(context, 'stays.write');
  const input = await readBody(context.request, createStaySchema);
  const stay = await createStay(owned, input);
  return json({ message: messages.stays.created, stay }, 201);
});
