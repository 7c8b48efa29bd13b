import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { emailChangedNoticeMail } from './account-mails.ts';
import { consumeToken } from './consume-token.ts';
import { createSession, type NewSession } from './create-session.ts';
import { findSessionUser } from './find-user.ts';
import { invalidateUserSessions } from './invalidate-sessions.ts';
import type { SessionUser } from './types.ts';

/**
 * PATCH /api/users/confirm-user-change-email: applies the new address of a link mailed to it. The
 * link is bound to the account that asked, so it works only in that account's session. Every
 * session of the account ends and the acting one continues under a new token (docs/security.md 5).
 */
export async function confirmEmailChange({ user, token }: { user: SessionUser; token: string }): Promise<NewSession & { user: SessionUser }> {
  const { db, config, outbox } = await getRuntime();
  const now = Date.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const consumed = await consumeToken({ token, purpose: 'email_change', trx, userId: user.id, now });
    if (!consumed?.newEmail) return 'failed';
    const taken = await trx.selectFrom('users').select('id').where('email', '=', consumed.newEmail).executeTakeFirst();
    if (taken) return 'taken';
    await trx
      .updateTable('users')
      .set({ email: consumed.newEmail, email_verified_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await invalidateUserSessions({ userId: user.id, trx });
    await outbox.enqueue(emailChangedNoticeMail(config, { to: user.email, name: user.name, newEmail: consumed.newEmail }), trx);
    return 'changed';
  });
  if (outcome === 'failed') throw new AppError('BAD_REQUEST', messages.auth.verificationFailed);
  if (outcome === 'taken') throw new AppError('CONFLICT', messages.auth.emailTaken);
  outbox.kick();
  const session = await createSession({ userId: user.id, now });
  return { ...session, user: (await findSessionUser({ id: user.id }))! };
}
