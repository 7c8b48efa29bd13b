import { teamForNewSession } from '../account/person-teams.ts';
import { getRuntime } from '../platform/runtime.ts';
import { generateToken, hashToken } from '../http/session-token.ts';
import type { Session } from './types.ts';

/** 30 days, renewed when used in its second half (docs/security.md 4, the Lucia guide). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_RENEW_WITHIN_MS = SESSION_LIFETIME_MS / 2;

export interface NewSession {
  /** Goes into the cookie and nowhere else. */
  token: string;
  session: Session;
}

/**
 * A fresh session for a login, a renewal after a password change, or an e-mail change, acting for
 * the team teamForNewSession() chooses.
 */
export async function createSession({ userId, now = Date.now() }: { userId: string; now?: number }): Promise<NewSession> {
  const { db } = await getRuntime();
  const token = generateToken();
  const teamId = await teamForNewSession(db, userId);
  const session: Session = { id: hashToken(token), userId, teamId, expiresAt: now + SESSION_LIFETIME_MS };
  await db
    .insertInto('sessions')
    .values({ id: session.id, user_id: userId, team_id: teamId, expires_at: session.expiresAt, created_at: now })
    .execute();
  return { token, session };
}
