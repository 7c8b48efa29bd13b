import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { listActivity } from '@server/account/list-activity.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * GET /api/team/activity[?before=<cursor>] (Owner, Admin): who did what in the team, newest first,
 * 50 a page → `{ items, next }` (docs/decisions/028-teams.md §9); 400 for a cursor it did not give.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'activity.read');
  return json(await listActivity(access, context.url.searchParams.get('before')));
});
