import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { clearRateLimit, consumeRateLimits, rateRules, takeRateSlots } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { loginLinkMail } from './account-mails.ts';
import { createSession, type NewSession } from './create-session.ts';
import { findUserRecord } from './find-user.ts';
import { verifyDummyPassword, verifyPassword } from './hash-password.ts';
import { issueToken } from './issue-token.ts';
import { isKnownDevice } from './known-device.ts';
import { toSessionUser, type SessionUser } from './types.ts';

export interface LoginUserOptions {
  email: string;
  password: string;
  ip: string;
  /** The browser's device cookie token (known-device.ts), if it sent one. */
  deviceToken?: string | null;
}

/**
 * Password login. Unknown address, account without a password and wrong password
 * all answer the same 401 after the same argon2 work (docs/security.md 10); failures count against the
 * account+address, the account and the address (docs/security.md 8), and a success clears the first.
 * A right password on an unverified address is refused with 403 and a code the form can act on.
 *
 * The account+address and address limits refuse outright. The per-account limit does not: past it
 * a password signs in only from a browser that signed in to the account before; anywhere else
 * every attempt, right or wrong, gets the same answer (no oracle) and a right one mails the owner
 * a one-time sign-in link. Strangers can slow a guess down but never lock the owner out.
 */
export async function loginUser({ email, password, ip, deviceToken = null }: LoginUserOptions): Promise<NewSession & { user: SessionUser }> {
  const accountAddress = rateRules.loginAccountIp(email, ip);
  const account = rateRules.loginAccount(email);
  // The slot is taken before the password is compared and given back when it was right: however
  // many attempts arrive at once, at most the limit are compared (rate-limit.ts).
  const slots = await consumeRateLimits([accountAddress, account, rateRules.loginIp(ip)]);
  const accountUnderAttack = slots.over(account);

  const row = await findUserRecord({ email });
  const valid = row?.password_hash ? await verifyPassword(row.password_hash, password) : await verifyDummyPassword(password);
  const needsProof = accountUnderAttack && !(row && (await isKnownDevice(row.id, deviceToken)));
  if (!row || !valid) {
    if (needsProof) throw new LoginProofRequiredError();
    throw new AppError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  await slots.giveBack();
  if (needsProof) {
    if (row.email_verified_at !== null) await mailLoginLink(row);
    throw new LoginProofRequiredError();
  }
  await clearRateLimit(accountAddress);

  if (row.email_verified_at === null) throw new EmailNotVerifiedError();
  const session = await createSession({ userId: row.id });
  return { ...session, user: toSessionUser(row) };
}

/**
 * Mails the owner a one-time sign-in link (15 minutes, only the newest works). At most a few an
 * hour: past that the answer stays the same and the last links still work.
 */
async function mailLoginLink(user: { id: string; email: string; name: string }): Promise<void> {
  const { db, config, outbox } = await getRuntime();
  if (!(await takeRateSlots([rateRules.loginLinkAccount(user.id)])).ok) return;
  await db.transaction().execute(async (trx) => {
    const token = await issueToken({ trx, userId: user.id, purpose: 'login' });
    await outbox.enqueue(loginLinkMail(config, { to: user.email, name: user.name, token }), trx);
  });
  outbox.kick();
}

/** 403 with `code: 'LOGIN_LINK_SENT'`: the form tells the owner to open the mailed link. */
export class LoginProofRequiredError extends AppError {
  readonly errorCode = 'LOGIN_LINK_SENT';

  constructor() {
    super('FORBIDDEN', messages.auth.loginLinkSent);
  }
}

/** 403 with `code: 'EMAIL_NOT_VERIFIED'` (the API contract), so the form shows the notice of docs/product.md §4. */
export class EmailNotVerifiedError extends AppError {
  readonly errorCode = 'EMAIL_NOT_VERIFIED';

  constructor() {
    super('FORBIDDEN', messages.auth.verifyFirst);
  }
}

/**
 * Checks a signed-in user's password before an account change; failures count like login failures.
 * Only this account and address can refuse it: failures from elsewhere must not lock a signed-in
 * owner out of their own settings either.
 */
export async function confirmPassword({ user, password, ip }: { user: SessionUser; password: string; ip: string }): Promise<void> {
  const slots = await consumeRateLimits([rateRules.loginAccountIp(user.email, ip), rateRules.loginAccount(user.email)]);
  const row = await findUserRecord({ id: user.id });
  const valid = row?.password_hash ? await verifyPassword(row.password_hash, password) : await verifyDummyPassword(password);
  if (!valid) throw new AppError('FORBIDDEN', messages.auth.wrongPassword);
  await slots.giveBack();
}
