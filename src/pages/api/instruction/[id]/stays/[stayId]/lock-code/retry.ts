import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { retryStayCode } from '@server/locks/code-actions.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { retryCodeSchema } from '@shared/schemas/arrivals.ts';

/**
 * POST /api/instruction/:id/stays/:stayId/lock-code/retry `{ generation }` (Owner, Admin, a granted
 * Editor; Premium): "Try again" on Arrivals (docs/decisions/030-smart-locks.md §5 `recreate`, §13) →
 * 200 `{ message }`. A failing code is deleted at Seam and made again; `generation` is the attempt
 * the screen showed, so a second click of the same attempt changes nothing. 404 another team's stay
 * or one without a code from a lock; 502 Seam silent.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const guidebookId = context.params.id ?? '';
  await authorize(access, 'lockCodes.retry', guidebookId);
  const settings = await lockRoute(access);
  const { generation } = await readBody(context.request, retryCodeSchema);
  return json(await retryStayCode(settings, { access, guidebookId, stayId: context.params.stayId ?? '' }, generation));
});
