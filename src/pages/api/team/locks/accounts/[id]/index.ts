import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { disconnectAccount } from '@server/locks/accounts.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * DELETE /api/team/locks/accounts/:id (Owner, Admin, any plan: a team whose plan no longer includes
 * smart locks may still take Porchlight off its locks): disconnects the lock account at Seam and
 * deletes it with its locks and their assignments (docs/decisions/030-smart-locks.md §3.7, §14)
 * → 200 `{ message }`; 404 not this team's.
 */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  const settings = await lockRoute(access, { plan: false });
  return json(await disconnectAccount(access, settings, context.params.id ?? ''));
});
