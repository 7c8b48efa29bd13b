import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { purgeTrashedInstruction } from '@server/instructions/trash.ts';
import { messages } from '@shared/messages.ts';

/** DELETE /api/instruction/trash/:id: "Delete forever", before the 30 days are up. */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.trash');
  await purgeTrashedInstruction({ access, id: context.params.id ?? '' });
  return json({ message: messages.trash.purged });
});
