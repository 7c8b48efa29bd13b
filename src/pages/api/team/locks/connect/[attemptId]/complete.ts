import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { completeConnect } from '@server/locks/connect.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * POST /api/team/locks/connect/:attemptId/complete (Owner, Admin, Premium): back from the Seam
 * webview (docs/decisions/030-smart-locks.md §3.2) → 200 `{ message, connected: true }` with the
 * account and its locks stored, 202 `{ message, connected: false }` still connecting, 404 an attempt not the team's or expired,
 * 409 already done or the account another team's, 422 the sign-in failed, 502 Seam did not answer.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  const settings = await lockRoute(access);
  const outcome = await completeConnect(access, settings, context.params.attemptId ?? '');
  return json({ message: outcome.message, connected: outcome.status === 200 }, outcome.status);
});
