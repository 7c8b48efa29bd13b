import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { teamSummary } from '@server/account/current-team.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * GET /api/team (every role): the team the session acts for, its name, the member's role, its plan
 * and member limit, and counts (members, open invitations, the guidebooks the member works in);
 * docs/decisions/028-teams.md §5, §8. The list of the person's teams is `GET /api/users/me`'s `teams`.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.read');
  return json(await teamSummary(access));
});
