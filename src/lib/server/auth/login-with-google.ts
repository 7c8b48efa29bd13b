import { nanoid } from 'nanoid';
import { messages } from '@shared/messages.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { createTeam } from '../account/create-team.ts';
import { createSession, type NewSession } from './create-session.ts';
import { toSessionUser, type SessionUser } from './types.ts';
import { verifyGoogleToken } from './verify-google-token.ts';

/**
 * Google sign-in. Accounts are keyed on Google's `sub`; a first sign-in links to
 * the account of the same (Google-verified) e-mail or creates one. An account whose own e-mail was
 * never verified had a password nobody proved to own the address: linking drops that password.
 */
export async function loginWithGoogle({ credential, ip }: { credential: string; ip: string }): Promise<NewSession & { user: SessionUser }> {
  const { db, dialect, config, log } = await getRuntime();
  if (!config.google) throw new AppError('SERVICE_UNAVAILABLE', messages.auth.googleUnavailable);
  await consumeRateLimits([rateRules.googleIp(ip)]);

  const identity = await verifyGoogleToken({ config: config.google, credential });
  if (!identity) throw new AppError('UNAUTHORIZED', messages.auth.googleLoginFailed);

  const now = Date.now();
  const userId = await db.transaction().execute(async (trx) => {
    // A first sign-in twice at once (two tabs, two servers) creates or links one account.
    await lockForTransaction(trx, dialect, `account:${identity.email}`);
    const bySub = await trx.selectFrom('users').select('id').where('google_id', '=', identity.sub).executeTakeFirst();
    if (bySub) return bySub.id;

    const byEmail = await trx
      .selectFrom('users')
      .select(['id', 'google_id', 'email_verified_at'])
      .where('email', '=', identity.email)
      .executeTakeFirst();
    if (byEmail) {
      // Another Google identity already owns this address's account: do not re-link silently.
      if (byEmail.google_id !== null) return null;
      const unverified = byEmail.email_verified_at === null;
      await trx
        .updateTable('users')
        .set({
          google_id: identity.sub,
          email_verified_at: byEmail.email_verified_at ?? now,
          ...(unverified ? { password_hash: null } : {}),
          updated_at: now,
        })
        .where('id', '=', byEmail.id)
        .execute();
      if (unverified) {
        await trx.updateTable('user_tokens').set({ used_at: now }).where('user_id', '=', byEmail.id).where('used_at', 'is', null).execute();
      }
      log.info({ userId: byEmail.id }, 'accounts: google identity linked');
      return byEmail.id;
    }

    const id = nanoid();
    await trx
      .insertInto('users')
      .values({ id, name: identity.name, email: identity.email, password_hash: null, google_id: identity.sub, picture: '', email_verified_at: now, created_at: now, updated_at: now })
      .execute();
    await createTeam(trx, { userId: id, name: identity.name, now });
    return id;
  });
  if (!userId) throw new AppError('UNAUTHORIZED', messages.auth.googleLoginFailed);

  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'picture', 'google_id', 'password_hash', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const session = await createSession({ userId, now });
  return { ...session, user: toSessionUser(row) };
}
