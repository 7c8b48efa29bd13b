import type { APIContext } from 'astro';
import { switchTeam, teamSummary } from '@server/account/current-team.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { switchTeamSchema } from '@shared/schemas/team.ts';

/**
 * PUT /api/session/team `{ teamId }` (any signed-in person, for their own session): the session
 * acts for that team from now on (docs/decisions/028-teams.md §5). → the team's summary (as
 * `GET /api/team`); 400 bad input, 404 a team the person is not a member of. The dashboard then
 * clears what it read of the other team and opens /dashboard.
 */
export const PUT = handle(async (context: APIContext) => {
  const { user, session } = requireUser(context.locals);
  const { teamId } = await readBody(context.request, switchTeamSchema);
  return json(await teamSummary(await switchTeam({ userId: user.id, sessionId: session.id, teamId })));
});
