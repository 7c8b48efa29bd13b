import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { resetGoogleAccountMail, resetPasswordMail } from './account-mails.ts';
import { issueToken } from './issue-token.ts';

/**
 * "Forgot password". The caller answers the same whether or not the address has an
 * account (docs/security.md 10); the limits count every request, known address or not (docs/security.md 9).
 */
export async function requestPasswordReset({ email, ip }: { email: string; ip: string }): Promise<void> {
  const { db, config, outbox } = await getRuntime();
  await consumeRateLimits([rateRules.resetIp(ip), rateRules.resetEmail(email)]);

  const queued = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'name', 'google_id']).where('email', '=', email).executeTakeFirst();
    if (!user) return false;
    if (user.google_id !== null) {
      await outbox.enqueue(resetGoogleAccountMail(config, { to: email, name: user.name }), trx);
      return true;
    }
    const token = await issueToken({ trx, userId: user.id, purpose: 'reset' });
    await outbox.enqueue(resetPasswordMail(config, { to: email, name: user.name, token }), trx);
    return true;
  });
  if (queued) outbox.kick();
}
