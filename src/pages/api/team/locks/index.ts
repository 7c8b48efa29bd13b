import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { listLocks } from '@server/locks/accounts.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * GET /api/team/locks (Owner, Admin): `{ included, accounts, guidebooks }`, the Smart locks
 * screen (docs/decisions/030-smart-locks.md §13): whether the plan includes locks, each account
 * with its locks, and the guidebooks a lock may open. 503 when smart locks are off. Answers on
 * Free and Gold too (`included: false`), so the screen can offer the upgrade.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  await lockRoute(access, { plan: false });
  return json(await listLocks(access));
});
