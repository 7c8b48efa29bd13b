import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { consumeToken } from './consume-token.ts';
import { createSession, type NewSession } from './create-session.ts';
import { findUserRecord } from './find-user.ts';
import { toSessionUser, type SessionUser } from './types.ts';

/**
 * Opens the sign-in link mailed past the per-account failure limit (login-user.ts): the owner
 * proved the password and now the mailbox. One use, 15 minutes, only the newest link works.
 */
export async function loginWithLink({ token }: { token: string }): Promise<NewSession & { user: SessionUser }> {
  const { db } = await getRuntime();
  const consumed = await db.transaction().execute((trx) => consumeToken({ token, purpose: 'login', trx }));
  const row = consumed ? await findUserRecord({ id: consumed.userId }) : undefined;
  if (!row) throw new AppError('BAD_REQUEST', messages.auth.loginLinkFailed);
  const session = await createSession({ userId: row.id });
  return { ...session, user: toSessionUser(row) };
}
