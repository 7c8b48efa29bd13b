import { timingSafeEqual } from 'node:crypto';
import { getRuntime } from '../platform/runtime.ts';
import { SESSION_LIFETIME_MS, SESSION_RENEW_WITHIN_MS } from './create-session.ts';
import { hashToken } from '../http/session-token.ts';
import type { SessionTeam } from '../account/team-access.ts';
import { toSessionUser, type Session, type SessionUser } from './types.ts';

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** The membership the session acts through, read in the same query: a removed one counts at once. */
  team: SessionTeam | null;
  /** True when the expiry moved: the caller sends the cookie again with the new date. */
  renewed: boolean;
}

/**
 * Looks a cookie token up by its hash (Lucia guide): an expired session is deleted and refused;
 * one past half of its life is extended to a full 30 days (sliding expiry).
 */
export async function validateSession({ token, now = Date.now() }: { token: string; now?: number }): Promise<ValidatedSession | null> {
  const { db } = await getRuntime();
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) => join.onRef('memberships.team_id', '=', 'sessions.team_id').onRef('memberships.user_id', '=', 'sessions.user_id'))
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'memberships.id as membership_id',
      'memberships.team_id',
      'memberships.role',
      'memberships.may_see_secrets',
      'users.id',
      'users.name',
      'users.email',
      'users.picture',
      'users.google_id',
      'users.password_hash',
      'users.email_verified_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  // The index found the row by hash; compare again in constant time (docs/security.md 3).
  if (!row || !timingSafeEqual(Buffer.from(row.session_id), Buffer.from(id))) return null;

  if (now >= row.expires_at) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }

  let expiresAt = row.expires_at;
  let renewed = false;
  if (now >= row.expires_at - SESSION_RENEW_WITHIN_MS) {
    expiresAt = now + SESSION_LIFETIME_MS;
    renewed = true;
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }
  const team = row.membership_id && row.team_id && row.role ? { teamId: row.team_id, membershipId: row.membership_id, role: row.role, maySeeSecrets: row.may_see_secrets === 1 } : null;
  return { session: { id, userId: row.id, teamId: team?.teamId ?? null, expiresAt }, user: toSessionUser(row), team, renewed };
}
