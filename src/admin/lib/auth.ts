import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans.ts';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { TEAM_ROLES, type TeamRole } from '@shared/team-roles.ts';
import { api, setUnauthorizedHandler } from './api-client.ts';
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
  team: { id: string; membershipId: string; role: TeamRole; maySeeSecrets: boolean } | null;
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
  return { _id, name, email, picture: text(user.picture) ?? '', googleId: text(user.googleId) || null, plan, supportPhone: text(user.supportPhone), machineTranslation: user.machineTranslation === true, team: parseTeam(user.team) };
}

/** The `team` of a user answer; null when absent or not one (an answer of the name or password routes carries none). */
function parseTeam(value: unknown): Me['team'] {
  if (!value || typeof value !== 'object') return null;
  const team = value as Record<string, unknown>;
  const role = TEAM_ROLES.find((each) => each === team.role);
  const id = text(team.id);
  return role && id !== null ? { id, membershipId: text(team.membershipId) ?? '', role, maySeeSecrets: team.maySeeSecrets === true } : null;
}

export function toUserInfo(user: Pick<Me, keyof UserInfo>): UserInfo {
  return { _id: user._id, name: user.name, email: user.email, picture: user.picture, googleId: user.googleId };
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.user.me(),
  queryFn: async () => {
    const me = parseUser(await api.get<unknown>('/api/users/me'));
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
