import type { PlanIntent } from '@shared/plan-intent.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { verificationMail } from './account-mails.ts';
import { issueToken } from './issue-token.ts';

/**
 * "Send a new link" for an account whose verification link expired or was lost. The caller answers
 * the same whatever happens here (docs/security.md 10: nobody learns who has an account); the
 * limits count every request, known address or not. Only an account still waiting for verification
 * gets a mail: the same one registration sends, with a fresh link. Earlier links keep working until
 * one is used (a re-registration's link may carry the password to apply).
 */
export async function resendVerification({ email, ip, intent = null }: { email: string; ip: string; intent?: PlanIntent | null }): Promise<void> {
  const { db, config, log, outbox } = await getRuntime();
  await consumeRateLimits([rateRules.resendVerificationIp(ip), rateRules.resendVerificationEmail(email)]);

  const queued = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'name', 'email_verified_at']).where('email', '=', email).executeTakeFirst();
    if (!user || user.email_verified_at !== null) return false;
    const token = await issueToken({ trx, userId: user.id, purpose: 'verify', keepEarlier: true });
    await outbox.enqueue(verificationMail(config, { to: email, name: user.name, token, intent }), trx);
    return true;
  });
  if (queued) outbox.kick();
  log.info({ queued }, 'accounts: verification link asked for again');
}
