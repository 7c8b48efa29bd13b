import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { startConnect } from '@server/locks/connect.ts';
import { lockRoute } from '@server/locks/lock-config.ts';

/**
 * POST /api/team/locks/connect (Owner, Admin, Premium; 10 an hour per team): starts connecting a
 * lock account (docs/decisions/030-smart-locks.md §3.1) → 201 `{ url, attemptId }`, the Seam
 * Connect Webview the browser opens; 502 Seam did not answer (or answered a URL off its origin),
 * 503 off. No body is read.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  const settings = await lockRoute(access);
  await consumeRateLimits([rateRules.lockConnectTeam(access.teamId)]);
  return json(await startConnect(access, settings), 201);
});
