import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { emailChangeMail } from './account-mails.ts';
import { assertNotGoogleAccount } from './assert-password-account.ts';
import { issueToken } from './issue-token.ts';
import { confirmPassword } from './login-user.ts';
import type { SessionUser } from './types.ts';

export interface RequestEmailChangeOptions {
  user: SessionUser;
  newEmail: string;
  password: string;
  ip: string;
}

/**
 * PATCH /api/users/email (docs/product.md §4): mails a link to the new address; nothing changes until it is
 * opened. An address that already has an account gets no mail, but the answer is the same, so the
 * form cannot be used to find out who has an account.
 */
export async function requestEmailChange({ user, newEmail, password, ip }: RequestEmailChangeOptions): Promise<void> {
  assertNotGoogleAccount(user);
  await confirmPassword({ user, password, ip });
  if (newEmail === user.email) throw new AppError('BAD_REQUEST', messages.auth.sameEmail);
  await consumeRateLimits([rateRules.emailChangeIp(ip), rateRules.emailChangeUser(user.id)]);

  const { db, config, outbox, log } = await getRuntime();
  const queued = await db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst();
    if (taken) return false;
    const token = await issueToken({ trx, userId: user.id, purpose: 'email_change', newEmail });
    await outbox.enqueue(emailChangeMail(config, { to: newEmail, name: user.name, token }), trx);
    return true;
  });
  if (queued) outbox.kick();
  else log.info({ userId: user.id }, 'accounts: e-mail change to an address in use, no mail sent');
}
