import { createApiClient, type ApiError } from '@shared/api-client.ts';
import { SHOWN_TEAM_HEADER, TEAM_SWITCHED_CODE } from '@shared/team-switch.ts';

type Handler = () => void;
let onUnauthorized: Handler = () => {};
let onTeamSwitched: Handler = () => {};

/** The app decides what a 401 means (clear the stored user, go to /login); see lib/auth.ts. */
export function setUnauthorizedHandler(handler: Handler): void {
  onUnauthorized = handler;
}

/** …and what a 409 "switched in another tab" means (offer a reload); see lib/team.ts. */
export function setTeamSwitchedHandler(handler: Handler): void {
  onTeamSwitched = handler;
}

/**
 * The team this page shows (docs/decisions/028-teams.md §5): set from the first `GET /api/users/me`
 * and by a switch made here, sent with every call as `X-Porchlight-Team`, so a tab left showing one
 * team gets 409 instead of acting for the team another tab switched the session to.
 */
let shownTeam: string | null = null;

export function shownTeamId(): string | null {
  return shownTeam;
}

export function setShownTeam(teamId: string | null): void {
  shownTeam = teamId;
}

/** Says the page shows a team the session no longer acts for (a 409, or `GET /api/users/me` naming another). */
export function teamSwitchedElsewhere(): void {
  onTeamSwitched();
}

/** A 409 that says the session acts for another team than the one this page shows. */
export function isTeamSwitched(error: ApiError): boolean {
  return error.status === 409 && error.code === TEAM_SWITCHED_CODE;
}

/**
 * The admin's client (src/lib/shared/api-client.ts, with its ApiError): the same as the islands',
 * except that it names the team it shows, any 401 ends the session on screen too, and a team
 * switched in another tab offers a reload.
 */
export const api = createApiClient({
  onUnauthorized: () => onUnauthorized(),
  onFailure: (error) => {
    if (isTeamSwitched(error)) teamSwitchedElsewhere();
  },
  headers: (): Record<string, string> => (shownTeam ? { [SHOWN_TEAM_HEADER]: shownTeam } : {}),
});
