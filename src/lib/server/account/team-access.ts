import type { TeamRole } from '@shared/team-roles.ts';
import { messages } from '@shared/messages.ts';
import { TEAM_SWITCHED_CODE } from '@shared/team-switch.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The membership a session acts through (docs/decisions/028-teams.md §5): read in the query that
 * validates the session (auth/validate-session.ts) and put on `locals.team`, so a changed role or
 * a removed membership counts at the very next request. Null when the session acts for no team.
 */
export interface SessionTeam {
  teamId: string;
  membershipId: string;
  role: TeamRole;
  maySeeSecrets: boolean;
}

/**
 * Who acts, for which team, in which role: what every team-scoped domain function takes in place
 * of the owner's user id. Rows are found by `teamId`; `userId` is only ever who did something
 * (a revision's author, a stay added by hand), never who may: what the member may do is
 * `authorize()`'s answer (account/authorize.ts), from `role`, `maySeeSecrets` and the grants.
 */
export interface TeamAccess {
  teamId: string;
  userId: string;
  membershipId: string;
  role: TeamRole;
  maySeeSecrets: boolean;
}

/**
 * The signed-in person's access to the team their session acts for: 401 signed out (the
 * middleware refuses those calls already; this says so in the type), 403 without a team, and 409
 * when the request shows another team (`X-Porchlight-Team`, docs/decisions/028-teams.md §5): a tab
 * still showing the team the session acted for before another tab switched must not write into
 * the new one. A request without the header (a script) acts for the session's team.
 */
export function requireTeam(locals: Pick<App.Locals, 'user' | 'team' | 'shownTeam'>): TeamAccess {
  if (!locals.user) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
  if (!locals.team) throw new AppError('FORBIDDEN', messages.team.noTeam);
  if (locals.shownTeam && locals.shownTeam !== locals.team.teamId) throw new AppError('CONFLICT', messages.team.switchedElsewhere, { details: { code: TEAM_SWITCHED_CODE } });
  const { teamId, membershipId, role, maySeeSecrets } = locals.team;
  return { teamId, userId: locals.user.id, membershipId, role, maySeeSecrets };
}

/** What a lookup is scoped by: the team, whether a member acts or a mailed link acts as the team. */
export type TeamScope = Pick<TeamAccess, 'teamId'>;
