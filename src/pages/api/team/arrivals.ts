import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle, json } from '@server/http/json.ts';
import { listArrivals } from '@server/locks/arrivals.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { messages } from '@shared/messages.ts';
import { ARRIVAL_DAYS_DEFAULT, ARRIVAL_DAYS_MAX } from '@shared/schemas/arrivals.ts';

/**
 * GET /api/team/arrivals?days=7 (every role, on its granted guidebooks): `{ included,
 * keyRefused, days, arrivals }`, the check-ins of the next `days` days (1 to 14) with their door code states
 * (docs/decisions/030-smart-locks.md §13, docs/product/locks.md, Arrivals). Never digits. Answers on
 * Free and Gold too (`included: false`, every arrival "No lock"); 503 when smart locks are off.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'arrivals.read');
  await lockRoute(access, { plan: false });
  const asked = context.url.searchParams.get('days');
  const days = asked === null ? ARRIVAL_DAYS_DEFAULT : Number(asked);
  if (!Number.isInteger(days) || days < 1 || days > ARRIVAL_DAYS_MAX) throw new AppError('BAD_REQUEST', messages.locks.daysInvalid(ARRIVAL_DAYS_MAX));
  return json(await listArrivals(access, days));
});
