import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { PlanId } from '@shared/plans.ts';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { TEAM_ROLES, type TeamRole } from '@shared/team-roles.ts';
import { TEAM_SWITCHED_CODE, type TeamChoice } from '@shared/team-switch.ts';
import { api, setShownTeam, setUnauthorizedHandler, shownTeamId, teamSwitchedElsewhere } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { clearUserInfo, setUserInfo } from './user-store.ts';

/**
 * The session as the admin sees it. Shared by the layout and several features (profile, support),
 * so it lives in lib/ rather than in one feature (docs/style.md 15: features do not import each other).
 */

/** Where a signed-out visitor goes, coming back here after logging in (docs/product.md §2 Login). */
export function loginUrl(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?redirect=${encodeURIComponent(here)}`;
}

let redirecting = false;
/** Any 401 means the session is gone: forget the user and log in again (docs/product.md §6). */
setUnauthorizedHandler(() => {
  if (redirecting) return;
  redirecting = true;
  clearUserInfo();
  window.location.assign(loginUrl());
});

const PLANS: readonly PlanId[] = ['free', 'gold', 'premium'];

/** User info of docs/product.md §3 plus what the dashboard needs about the account. */
export interface Me extends UserInfo {
  /** 'free' until billing lands. */
  plan: PlanId;
  /** Sent only to premium users (docs/product.md §2 Support). */
  supportPhone: string | null;
  /** The server can draft translations by machine (TRANSLATE_URL is set). */
  machineTranslation: boolean;
  /** The team the session acts for and the member's part in it (docs/product.md §6 Team roles); null in none. */
  team: { id: string; name: string; membershipId: string; role: TeamRole; maySeeSecrets: boolean } | null;
  /** Every team the person is a member of, the one they own first: the header's switcher. */
  teams: TeamChoice[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Reads a user answer (GET /me, PATCH /name, /password, /profile). Accepts the user object itself
 * or `{ user }`. Hand-written rather than zod so that the shell, loaded on every visit, stays small.
 */
export function parseUser(data: unknown): Me {
  const candidate = data && typeof data === 'object' && 'user' in data ? (data as { user: unknown }).user : data;
  if (!candidate || typeof candidate !== 'object') throw new Error('Not a user');
  const user = candidate as Record<string, unknown>;
  const _id = text(user._id);
  const name = text(user.name);
  const email = text(user.email);
  if (_id === null || name === null || email === null) throw new Error('Not a user');
  const plan = PLANS.find((id) => id === user.plan) ?? 'free';
  return { _id, name, email, picture: text(user.picture) ?? '', googleId: text(user.googleId) || null, plan, supportPhone: text(user.supportPhone), machineTranslation: user.machineTranslation === true, team: parseTeam(user.team), teams: parseTeams(user.teams) };
}

/** The `team` of a user answer; null when absent or not one (an answer of the name or password routes carries none). */
function parseTeam(value: unknown): Me['team'] {
  if (!value || typeof value !== 'object') return null;
  const team = value as Record<string, unknown>;
  const role = TEAM_ROLES.find((each) => each === team.role);
  const id = text(team.id);
  return role && id !== null ? { id, name: text(team.name) ?? '', membershipId: text(team.membershipId) ?? '', role, maySeeSecrets: team.maySeeSecrets === true } : null;
}

/** The `teams` of a user answer; those it cannot read are left out. */
function parseTeams(value: unknown): TeamChoice[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((each: unknown) => {
    const team = parseTeam(each);
    return team ? [{ id: team.id, name: team.name, role: team.role }] : [];
  });
}

export function toUserInfo(user: Pick<Me, keyof UserInfo>): UserInfo {
  return { _id: user._id, name: user.name, email: user.email, picture: user.picture, googleId: user.googleId };
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.user.me(),
  queryFn: async () => {
    const me = parseUser(await api.get<unknown>('/api/users/me'));
    // Another tab switched the session to another team: this page keeps what it shows, and the
    // next team call answers 409 and offers the reload (lib/team.ts); the header must not move alone.
    const shown = shownTeamId();
    if (shown && me.team && me.team.id !== shown) {
      teamSwitchedElsewhere();
      throw new ApiError(409, messages.team.switchedElsewhere, TEAM_SWITCHED_CODE);
    }
    setShownTeam(me.team?.id ?? null);
    // The server is the authority: whatever it says replaces what the browser remembered.
    setUserInfo(toUserInfo(me));
    return me;
  },
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export function planOf(me: Me | undefined): PlanId {
  return me?.plan ?? 'free';
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/users/logout'),
    onSuccess: () => {
      clearUserInfo();
      window.location.assign('/login');
    },
  });
}
