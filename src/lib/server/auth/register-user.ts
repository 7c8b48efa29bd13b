import { nanoid } from 'nanoid';
import { messages } from '@shared/messages.ts';
import type { PlanIntent } from '@shared/plan-intent.ts';
import type { RegisterInput } from '@shared/schemas/auth.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { createTeam } from '../account/create-team.ts';
import { acceptInvitationIn, assertInvitationOpenFor } from '../account/invitations/accept-invitation.ts';
import { alreadyRegisteredMail, verificationMail } from './account-mails.ts';
import { hashPassword } from './hash-password.ts';
import { issueToken } from './issue-token.ts';
import { verifyTurnstile } from '../http/verify-turnstile.ts';

export interface RegisterUserOptions {
  name: string;
  /** Already trimmed and lower-cased by the shared schema. */
  email: string;
  password: string;
  captchaToken: RegisterInput['captchaToken'];
  ip: string;
  /** A plan chosen before registering: the mails' links carry it to its checkout. */
  intent?: PlanIntent | null;
  /** The token of a team invitation to this address (`/invite/:token`, docs/decisions/028-teams.md §7). */
  invitation?: string | undefined;
}

/** A registration from an invitation's link joined the team at once: the caller signs the account in. */
export type Registered = { joined: false } | { joined: true; userId: string; teamName: string };

/**
 * Registration. The caller answers the same whatever happens here, so nobody
 * learns whether an address has an account (docs/security.md 10): a new address gets an account and a
 * verification mail; a verified one gets a "someone tried to register" note; an unverified one
 * gets a fresh verification link that carries this registration's name and password, applied only
 * if that link is opened — so whoever registered first cannot keep a password on an address they
 * do not own (pre-account hijacking).
 *
 * With an invitation to this very address and no account yet, the invitation's mail proved the
 * address as the verification mail would: the account is made verified, with no team of its own,
 * and joins the inviting team in the same transaction (a refused invitation makes nothing). An
 * address that has an account gets the usual answer: its owner signs in and accepts.
 */
export async function registerUser({ name, email, password, captchaToken, ip, intent = null, invitation }: RegisterUserOptions): Promise<Registered> {
  const { db, dialect, config, log, outbox } = await getRuntime();
  await consumeRateLimits([rateRules.registerIp(ip), rateRules.registerEmail(email)]);
  if (!(await verifyTurnstile({ config, log, token: captchaToken ?? '', ip }))) {
    throw new AppError('BAD_REQUEST', messages.auth.humanCheck);
  }

  // Hashed in every branch, so that all three take the same time.
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const outcome = await db.transaction().execute(async (trx) => {
    // Two registrations of one address at once (two servers) decide one after the other.
    await lockForTransaction(trx, dialect, `account:${email}`);
    // Before the address is looked up: the same refusal whether or not it has an account.
    if (invitation) await assertInvitationOpenFor(trx, { token: invitation, email, now });
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'name', 'google_id', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirst();

    if (!existing && invitation) {
      const id = nanoid();
      await trx.insertInto('users').values({ id, name, email, password_hash: passwordHash, google_id: null, picture: '', email_verified_at: now, created_at: now, updated_at: now }).execute();
      const { teamName } = await acceptInvitationIn(trx, { token: invitation, userId: id, email, name, now });
      return { joined: true as const, userId: id, teamName };
    }
    if (!existing) {
      const id = nanoid();
      await trx
        .insertInto('users')
        .values({ id, name, email, password_hash: passwordHash, google_id: null, picture: '', email_verified_at: null, created_at: now, updated_at: now })
        .execute();
      // Every account owns a team of one from the start, verified or not (docs/decisions/028-teams.md §1).
      await createTeam(trx, { userId: id, name, now });
      const token = await issueToken({ trx, userId: id, purpose: 'verify', now });
      await outbox.enqueue(verificationMail(config, { to: email, name, token, intent }), trx);
      return 'created';
    }
    if (existing.email_verified_at !== null) {
      await outbox.enqueue(alreadyRegisteredMail(config, { to: email, name: existing.name, google: existing.google_id !== null, intent }), trx);
      return 'exists';
    }
    const token = await issueToken({ trx, userId: existing.id, purpose: 'verify', newName: name, newPasswordHash: passwordHash, keepEarlier: true, now });
    await outbox.enqueue(verificationMail(config, { to: email, name, token, intent }), trx);
    return 'unverified';
  });
  outbox.kick();
  if (typeof outcome === 'object') {
    log.info({ outcome: 'joined' }, 'accounts: registration handled');
    return outcome;
  }
  log.info({ outcome }, 'accounts: registration handled');
  return { joined: false };
}
