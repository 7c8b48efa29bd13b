import type { APIContext } from 'astro';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { completeConnect } from '@server/locks/connect.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * POST /api/team/locks/connect/:attemptId/complete (Owner, Admin, Premium): back from the Seam
 * webview (docs/decisions/030-smart-locks.md §3.2) → 200 `{ message }` with the account and its
 * locks stored, 202 `{ message }` still connecting, 404 an attempt not the team's or expired,
 * 409 already done or the account another team's, 422 the sign-in failed, 502 Seam did not answer.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const settings = await lockRoute(access);
  const outcome = await completeConnect(access, settings, context.params.attemptId ?? '');
  return json({ message: outcome.message }, outcome.status);
});
