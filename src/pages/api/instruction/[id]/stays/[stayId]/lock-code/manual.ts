import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { typeStayCode } from '@server/locks/code-actions.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { manualCodeSchema } from '@shared/schemas/arrivals.ts';

/**
 * PUT /api/instruction/:id/stays/:stayId/lock-code/manual `{ code }` (4 to 12 digits; Owner and
 * Admin, Premium): "Type a code" on Arrivals, the code a member set on the lock themselves, which the
 * guest then sees (docs/decisions/030-smart-locks.md §5 `host-code`, §13) → 200 `{ message }`; 400 a
 * bad code, 404 another team's stay or one without a code from a lock, 409 a code not failed.
 */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const guidebookId = context.params.id ?? '';
  await authorize(access, 'lockCodes.set', guidebookId);
  await lockRoute(access);
  const { code } = await readBody(context.request, manualCodeSchema);
  return json(await typeStayCode({ access, guidebookId, stayId: context.params.stayId ?? '' }, code));
});
