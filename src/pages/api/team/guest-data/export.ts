import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { exportGuestData } from '@server/stays/guest-data-requests.ts';
import { messages } from '@shared/messages.ts';
import { guestDataExportSchema } from '@shared/schemas/guest-data.ts';

/**
 * POST /api/team/guest-data/export `{ email }` (Owner, Admin; 20 an hour per team) → a JSON
 * download of every stay and order of the team holding that address (schemas/guest-data.ts).
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guestData.manage');
  await consumeRateLimits([rateRules.guestDataTeam(access.teamId)], Date.now(), messages.guestData.tooMany);
  const { email } = await readBody(context.request, guestDataExportSchema);
  const data = await exportGuestData(access, email);
  return json(data, 200, { 'content-disposition': 'attachment; filename="guest-data.json"', 'cache-control': 'no-store' });
});
