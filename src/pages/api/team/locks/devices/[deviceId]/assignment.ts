import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { assignDevice } from '@server/locks/devices.ts';
import { lockRoute } from '@server/locks/lock-config.ts';
import { assignmentSchema } from '@shared/schemas/locks.ts';

/**
 * PUT /api/team/locks/devices/:deviceId/assignment `{ instructionId | null }` (Owner, Admin,
 * Premium): the guidebook the lock opens, or none (docs/decisions/030-smart-locks.md §3.5) → 200
 * `{ message }`; 400 a bad body, 404 a lock or guidebook not this team's, 422 a lock that takes no codes.
 */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'locks.manage');
  await lockRoute(access);
  const input = await readBody(context.request, assignmentSchema);
  return json(await assignDevice(access, context.params.deviceId ?? '', input));
});
