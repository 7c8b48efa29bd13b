import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { findTrashedInstructions } from '@server/instructions/trash.ts';

/** GET /api/instruction/trash: the host's deleted guidebooks, kept 30 days (src/lib/shared/schemas/history.ts). */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.trash');
  return json(await findTrashedInstructions({ access }));
});
