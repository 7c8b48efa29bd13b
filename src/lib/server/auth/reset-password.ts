import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { consumeToken, peekToken } from './consume-token.ts';
import { hashPassword } from './hash-password.ts';
import { invalidateUserSessions } from './invalidate-sessions.ts';

function expired(): AppError {
  return new AppError('BAD_REQUEST', messages.auth.resetExpired);
}

/** The reset page checks its link on load (docs/product.md §4): the address it resets, or 400. */
export async function checkResetToken({ token }: { token: string }): Promise<{ email: string }> {
  const { db } = await getRuntime();
  const live = await peekToken({ token, purpose: 'reset' });
  if (!live) throw expired();
  const user = await db.selectFrom('users').select('email').where('id', '=', live.userId).executeTakeFirst();
  if (!user) throw expired();
  return { email: user.email };
}

/**
 * Sets a new password from a reset link and ends every session of the account (docs/security.md 5).
 * The link proves the mailbox, so an address not yet verified counts as verified from here on.
 */
export async function resetPassword({ token, newPassword }: { token: string; newPassword: string }): Promise<void> {
  const { db, log } = await getRuntime();
  const passwordHash = await hashPassword(newPassword);
  const now = Date.now();
  const userId = await db.transaction().execute(async (trx) => {
    const consumed = await consumeToken({ token, purpose: 'reset', trx, now });
    if (!consumed) return null;
    const user = await trx.selectFrom('users').select(['google_id', 'email_verified_at']).where('id', '=', consumed.userId).executeTakeFirst();
    // Google accounts have no password (docs/product.md §6); a token for one is never issued, but be sure.
    if (!user || user.google_id !== null) return null;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now, updated_at: now })
      .where('id', '=', consumed.userId)
      .execute();
    await invalidateUserSessions({ userId: consumed.userId, trx });
    return consumed.userId;
  });
  if (!userId) throw expired();
  log.info({ userId }, 'accounts: password reset, all sessions ended');
}
