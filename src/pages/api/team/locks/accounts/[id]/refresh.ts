import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { findTeamAccount, refreshAccount } from '@server/locks/accounts.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { messages } from '@shared/messages.ts';

/**
 * POST /api/team/locks/accounts/:id/refresh (Owner, Admin, Premium; 6 an hour per account):
 * re-reads the account and its locks at Seam (docs/decisions/030-smart-locks.md §3.6) → 200
 * `{ message }`; 404 not this team's, 502 Seam did not answer.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  const settings = await lockRoute(access);
  const account = await findTeamAccount(access, context.params.id ?? '');
  await consumeRateLimits([rateRules.lockRefresh(account.id)], Date.now(), messages.locks.tooManyRefreshes);
  return json(await refreshAccount(access, settings, account.id));
});
