import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { restoreRevision } from '@server/revisions/revisions.ts';
import { messages } from '@shared/messages.ts';
import { restoreRevisionSchema } from '@shared/schemas/history.ts';

/** POST /api/instruction/:id/revisions/:revisionId/restore `{ version }`: saves that version again, as a new one. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.edit', context.params.id ?? '');
  const { version } = await readBody(context.request, restoreRevisionSchema);
  const instruction = await restoreRevision({ access, id: context.params.id ?? '', revisionId: context.params.revisionId ?? '', version });
  return json({ message: messages.revisions.restored, instruction });
});
