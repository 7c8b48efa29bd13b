import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { listRevisions } from '@server/revisions/revisions.ts';

/** GET /api/instruction/:id/revisions: the saved versions, newest first (src/lib/shared/schemas/history.ts). */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  return json({ revisions: await listRevisions({ userId: user.id, id: context.params.id ?? '' }) });
});
