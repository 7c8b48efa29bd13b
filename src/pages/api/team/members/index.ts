import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { listMembers } from '@server/account/members.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * GET /api/team/members (Owner, Admin): `{ members, invitations, limit }`, the members with role,
 * guidebooks, "may see secrets" and when they joined, the pending invitations with their expiry,
 * and the plan's member limit with the places taken (members and open invitations;
 * docs/decisions/028-teams.md §7, §8). 403 for an Editor or a Cleaner.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'members.read');
  return json(await listMembers(access));
});
