import type { APIContext } from 'astro';
import { startOwnTeam, teamSummary } from '@server/account/current-team.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * POST /api/teams, "Start your own guidebooks" (any signed-in person who owns no team, such as a
 * cleaner who joined by invitation): a team of one named after them, owned by them, and the
 * session acts for it (docs/decisions/028-teams.md §5, open question 3). → 201 the team's summary
 * (as `GET /api/team`); 409 for a person who owns a team already.
 */
export const POST = handle(async (context: APIContext) => {
  const { user, session } = requireUser(context.locals);
  return json(await teamSummary(await startOwnTeam({ userId: user.id, name: user.name, sessionId: session.id })), 201);
});
