import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { getRevision } from '@server/revisions/revisions.ts';

/** GET /api/instruction/:id/revisions/:revisionId: one version with its content (owner only). */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  return json(await getRevision({ userId: user.id, id: context.params.id ?? '', revisionId: context.params.revisionId ?? '' }));
});
