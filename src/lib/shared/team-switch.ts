import type { PlanId } from './plans.ts';
import type { TeamRole } from './team-roles.ts';

/**
 * The team a session acts for, as the server and the dashboard both name it (docs/decisions/028-teams.md
 * §5). No zod here: the dashboard's shell, loaded on every visit, imports it.
 */

/** The header the dashboard sends with the team it shows. */
export const SHOWN_TEAM_HEADER = 'x-porchlight-team';

/** The `code` of the 409 a stale tab gets: the session acts for another team than the one it shows. */
export const TEAM_SWITCHED_CODE = 'TEAM_SWITCHED';

/** One of the person's teams, as the switcher lists it (`GET /api/users/me`'s `teams`). */
export interface TeamChoice {
  id: string;
  name: string;
  role: TeamRole;
}

/**
 * The team the session acts for (`GET /api/team`, and the answer of a switch or a new team): its
 * name, the member's role, the plan and its member limit, and counts: the members, the open
 * invitations, and the guidebooks the member works in (an Editor's or a Cleaner's granted ones).
 */
export interface TeamSummary {
  id: string;
  name: string;
  role: TeamRole;
  plan: PlanId;
  memberLimit: number;
  members: number;
  openInvitations: number;
  guidebooks: number;
}
