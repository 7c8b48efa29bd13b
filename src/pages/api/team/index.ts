import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { renameTeam, teamSummary } from '@server/account/current-team.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { renameTeamSchema } from '@shared/schemas/team.ts';

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

/**
 * PATCH /api/team `{ name }` (the Owner: `team.manage`): renames the team. → `{ message, team }`,
 * the summary as GET answers it; 400 a name that is empty, too long or not one line; 403 any
 * other role.
 */
export const PATCH = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'team.manage');
  const { name } = await readBody(context.request, renameTeamSchema);
  await renameTeam(access, name);
  return json({ message: messages.team.renamed(name), team: await teamSummary(access) });
});
