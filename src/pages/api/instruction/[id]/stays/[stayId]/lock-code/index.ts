import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { showStayCode } from '@server/locks/code-actions.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * GET /api/instruction/:id/stays/:stayId/lock-code (Owner, Admin, a granted Editor; never a Cleaner):
 * `{ code, state }`, the stay's door code once the lock has it (else `code: null`), `private,
 * no-store`; the look is recorded on the team's activity once per member, stay and day
 * (docs/decisions/030-smart-locks.md §8, §13). 404 another team's stay, or one without a code from a lock.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const guidebookId = context.params.id ?? '';
  await authorize(access, 'lockCodes.read', guidebookId);
  await lockRoute(access, { plan: false });
  const answer = await showStayCode({ access, guidebookId, stayId: context.params.stayId ?? '' });
  return json(answer, 200, { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' });
});
