import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { setStayCodeEnabled } from '@server/locks/code-switch.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { codeEnabledSchema } from '@shared/schemas/arrivals.ts';

/**
 * PUT /api/instruction/:id/stays/:stayId/lock-code/enabled `{ on }` (Owner, Admin, a granted Editor;
 * Premium): "Door code" on or off for one stay, on the stay card and on Arrivals
 * (docs/decisions/030-smart-locks.md §4 `host_off`, §13) → 200 `{ message }`. Off removes the
 * stay's code from the lock and never makes it again; on makes a new one. 400 a bad body, 404
 * another team's stay or a stay of a guidebook without a lock.
 */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const guidebookId = context.params.id ?? '';
  await authorize(access, 'lockCodes.retry', guidebookId);
  await lockRoute(access);
  const { on } = await readBody(context.request, codeEnabledSchema);
  return json(await setStayCodeEnabled({ access, guidebookId, stayId: context.params.stayId ?? '' }, on));
});
