import { getRuntime } from '../platform/runtime.ts';
import { assertNotGoogleAccount } from './assert-password-account.ts';
import { createSession, type NewSession } from './create-session.ts';
import { findSessionUser } from './find-user.ts';
import { hashPassword } from './hash-password.ts';
import { invalidateUserSessions } from './invalidate-sessions.ts';
import { confirmPassword } from './login-user.ts';
import type { SessionUser } from './types.ts';

export interface ChangePasswordOptions {
  user: SessionUser;
  oldPassword: string;
  newPassword: string;
  ip: string;
}

/**
 * PATCH /api/users/password: every session of the account ends, the acting one continues under a
 * new token (docs/security.md 5), so a thief holding an old cookie is out.
 */
export async function changePassword({ user, oldPassword, newPassword, ip }: ChangePasswordOptions): Promise<NewSession & { user: SessionUser }> {
  assertNotGoogleAccount(user);
  await confirmPassword({ user, password: oldPassword, ip });
  const { db } = await getRuntime();
  const passwordHash = await hashPassword(newPassword);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
    await invalidateUserSessions({ userId: user.id, trx });
    // A reset link asked for earlier would otherwise undo this change.
    await trx.updateTable('user_tokens').set({ used_at: now }).where('user_id', '=', user.id).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
  });
  const session = await createSession({ userId: user.id, now });
  return { ...session, user: (await findSessionUser({ id: user.id }))! };
}
