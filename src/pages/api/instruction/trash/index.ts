import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { findTrashedInstructions } from '@server/instructions/trash.ts';

/** GET /api/instruction/trash: the host's deleted guidebooks, kept 30 days (src/lib/shared/schemas/history.ts). */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  return json(await findTrashedInstructions({ userId: user.id }));
});
