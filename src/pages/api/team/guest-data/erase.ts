import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { eraseGuestDataOnRequest } from '@server/stays/guest-data-requests.ts';
import { messages } from '@shared/messages.ts';
import { guestDataEraseSchema } from '@shared/schemas/guest-data.ts';

/**
 * POST /api/team/guest-data/erase `{ email }` or `{ stayId }` (Owner, Admin; 20 an hour per team)
 * → `{ message, stays, orders }` (schemas/guest-data.ts); 404 for a stay not the team's.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guestData.manage');
  await consumeRateLimits([rateRules.guestDataTeam(access.teamId)], Date.now(), messages.guestData.tooMany);
  const target = await readBody(context.request, guestDataEraseSchema);
  const { stays, orders } = await eraseGuestDataOnRequest(access, target);
  const message = 'stayId' in target ? messages.guestData.stayErased : messages.guestData.erased(stays, orders);
  return json({ message, stays, orders });
});
