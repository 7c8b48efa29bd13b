import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { getRevision } from '@server/revisions/revisions.ts';

/** GET /api/instruction/:id/revisions/:revisionId: one version with its content (owner only). */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.history', context.params.id ?? '');
  return json(await getRevision({ access, id: context.params.id ?? '', revisionId: context.params.revisionId ?? '' }));
});
