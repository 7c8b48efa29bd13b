import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { createTeam } from '../account/create-team.ts';
import { acceptInvitationIn } from '../account/invitations/accept-invitation.ts';
import { createSession, type NewSession } from './create-session.ts';
import { toSessionUser, type SessionUser } from './types.ts';
import { verifyGoogleToken } from './verify-google-token.ts';

/**
 * Google sign-in. Accounts are keyed on Google's `sub`; a first sign-in links to
 * the account of the same (Google-verified) e-mail or creates one. An account whose own e-mail was
 * never verified had a password nobody proved to own the address: linking drops that password.
 * With `invitation` (`/invite/:token`, docs/decisions/028-teams.md §7), the Google-verified address
 * accepts it in the same transaction (a refusal signs nobody in and makes nothing), a new account
 * gets no team of its own, and the session acts for the team joined.
 */
export async function loginWithGoogle({ credential, ip, invitation }: { credential: string; ip: string; invitation?: string | undefined }): Promise<NewSession & { user: SessionUser }> {
  const { db, dialect, config, log } = await getRuntime();
  if (!config.google) throw new AppError('SERVICE_UNAVAILABLE', messages.auth.googleUnavailable);
  await consumeRateLimits([rateRules.googleIp(ip)]);

  const identity = await verifyGoogleToken({ config: config.google, credential });
  if (!identity) throw new AppError('UNAUTHORIZED', messages.auth.googleLoginFailed);

  const now = Date.now();
  const findOrCreate = async (trx: Kysely<Database>): Promise<string | null> => {
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
    if (!invitation) await createTeam(trx, { userId: id, name: identity.name, now });
    return id;
  };
  const { userId, joined } = await db.transaction().execute(async (trx) => {
    const id = await findOrCreate(trx);
    const team = id && invitation ? (await acceptInvitationIn(trx, { token: invitation, userId: id, email: identity.email, name: identity.name, now })).teamId : null;
    return { userId: id, joined: team };
  });

  if (!userId) throw new AppError('UNAUTHORIZED', messages.auth.googleLoginFailed);

  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'picture', 'google_id', 'password_hash', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const session = await createSession({ userId, now });
  if (joined) {
    await db.updateTable('sessions').set({ team_id: joined }).where('id', '=', session.session.id).execute();
    session.session.teamId = joined;
  }
  return { ...session, user: toSessionUser(row) };
}
