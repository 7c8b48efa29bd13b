import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { restoreInstruction } from '@server/instructions/trash.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/instruction/:id/restore: out of the trash, with its old link and stay links. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.trash');
  const instruction = await restoreInstruction({ access, id: context.params.id ?? '' });
  return json({ message: messages.trash.restored, instruction });
});
