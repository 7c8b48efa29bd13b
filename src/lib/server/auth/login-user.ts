import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { checkRateLimits, clearRateLimit, rateRules, recordRateHits } from '../rate-limit.ts';
import { createSession, type NewSession } from './create-session.ts';
import { findUserRecord } from './find-user.ts';
import { verifyDummyPassword, verifyPassword } from './hash-password.ts';
import { toSessionUser, type SessionUser } from './types.ts';

export interface LoginUserOptions {
  email: string;
  password: string;
  ip: string;
}

/**
 * Password login (issue item 4). Unknown address, account without a password and wrong password
 * all answer the same 401 after the same argon2 work (SECURITY.md 10); failures count against the
 * account+address, the account and the address (SECURITY.md 8), and a success clears the first.
 * A right password on an unverified address is refused with 403 and a code the form can act on.
 */
export async function loginUser({ email, password, ip }: LoginUserOptions): Promise<NewSession & { user: SessionUser }> {
  const rules = [rateRules.loginAccountIp(email, ip), rateRules.loginAccount(email), rateRules.loginIp(ip)];
  await checkRateLimits(rules);

  const row = await findUserRecord({ email });
  const valid = row?.password_hash ? await verifyPassword(row.password_hash, password) : await verifyDummyPassword(password);
  if (!row || !valid) {
    await recordRateHits(rules);
    throw new AppError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  await clearRateLimit(rateRules.loginAccountIp(email, ip));

  if (row.email_verified_at === null) throw new EmailNotVerifiedError();
  const session = await createSession({ userId: row.id });
  return { ...session, user: toSessionUser(row) };
}

/** 403 with `code: 'EMAIL_NOT_VERIFIED'` (the API contract), so the form shows the notice of SPEC §4. */
export class EmailNotVerifiedError extends AppError {
  readonly errorCode = 'EMAIL_NOT_VERIFIED';

  constructor() {
    super('FORBIDDEN', messages.auth.verifyFirst);
  }
}

/** Checks a signed-in user's password before an account change; failures count like login failures. */
export async function confirmPassword({ user, password, ip }: { user: SessionUser; password: string; ip: string }): Promise<void> {
  const rules = [rateRules.loginAccountIp(user.email, ip), rateRules.loginAccount(user.email)];
  await checkRateLimits(rules);
  const row = await findUserRecord({ id: user.id });
  const valid = row?.password_hash ? await verifyPassword(row.password_hash, password) : await verifyDummyPassword(password);
  if (!valid) {
    await recordRateHits(rules);
    throw new AppError('FORBIDDEN', messages.auth.wrongPassword);
  }
}
