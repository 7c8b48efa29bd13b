import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { listRevisions } from '@server/revisions/revisions.ts';

/** GET /api/instruction/:id/revisions: the saved versions, newest first (src/lib/shared/schemas/history.ts). */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.history', context.params.id ?? '');
  return json({ revisions: await listRevisions({ access, id: context.params.id ?? '' }) });
});
