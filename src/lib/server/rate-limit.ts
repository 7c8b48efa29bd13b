import { sql } from 'kysely';
import { messages } from '@shared/messages.ts';
import { AppError } from './http/app-error.ts';
import { getRuntime } from './runtime.ts';

/** One counter: at most `limit` hits per fixed window of `windowMs`, keyed by what it protects. */
export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A rule keyed by one value (an e-mail, a user id, an address) under the rule's own name. */
function rule(name: string, limit: number, windowMs: number): (value: string) => RateRule {
  return (value) => ({ key: `${name}:${value}`, limit, windowMs });
}

/**
 * The numbers of SECURITY.md 8 and 9; the others are ours. Keys hold lower-cased e-mails, user
 * ids or client addresses; a rule's name is part of its key so that flows never share a counter.
 */
export const rateRules = {
  /** Failed logins (and failed password checks on account changes) per account and address. */
  loginAccountIp: (email: string, ip: string): RateRule => ({ key: `login:acct-ip:${email}|${ip}`, limit: 10, windowMs: 15 * MINUTE }),
  /**
   * Failed logins per account from anywhere: past it a password alone signs in only from a known
   * browser; elsewhere the owner gets a mailed link (login-user.ts). Never a lockout.
   */
  loginAccount: rule('login:acct', 100, HOUR),
  /** Sign-in links mailed past the per-account limit, per user id. */
  loginLinkAccount: rule('login:link', 3, HOUR),
  /** Failed logins per address across accounts (credential stuffing). */
  loginIp: rule('login:ip', 100, HOUR),
  googleIp: rule('google:ip', 60, 15 * MINUTE),
  /** Registration sends a mail either way (verification or "already registered"). */
  registerEmail: rule('register:email', 3, HOUR),
  registerIp: rule('register:ip', 20, HOUR),
  resetEmail: rule('reset:email', 3, HOUR),
  resetIp: rule('reset:ip', 20, HOUR),
  emailChangeUser: rule('email-change:user', 3, HOUR),
  emailChangeIp: rule('email-change:ip', 20, HOUR),
  userMessageUser: rule('message:user', 10, HOUR),
  userMessageIp: rule('message:ip', 30, HOUR),
  contactIp: rule('contact:ip', 5, 10 * MINUTE),
  /**
   * Guidebook links mailed to guests (POST /api/instruction/:id/share). A host mails a handful a
   * day; the recipient rule holds across hosts, so no set of accounts can flood one inbox.
   */
  shareUser: rule('share:user', 20, HOUR),
  shareIp: rule('share:ip', 60, HOUR),
  shareRecipient: rule('share:to', 5, DAY),
  /**
   * Wrong guest PINs (issue 14), per link and per address: a 4-digit PIN has 10,000 values, so
   * 10 tries per link per 15 minutes makes guessing it take weeks, and the host sees the stays.
   */
  pinToken: rule('pin:token', 10, 15 * MINUTE),
  pinIp: rule('pin:ip', 30, HOUR),
  /** Guests writing to their host from the guest page (issue 14): a few notes, never a flood. */
  guestMessageIp: rule('guest-message:ip', 5, 10 * MINUTE),
  guestMessageGuidebook: rule('guest-message:guidebook', 30, DAY),
  /** Calendar feeds fetched at a host's request (save, "Sync now"); the 30-minute sync is not counted. */
  calendarFetchUser: rule('calendar:user', 30, HOUR),
  /** Billing calls that reach Stripe (checkout, plan changes, cancel, portal): a person makes a few. */
  billingUser: rule('billing:user', 30, HOUR),
} as const;

/** Says how long to wait, in whole minutes; a flow may word it its own way. */
export type TooManyMessage = (minutes: number) => string;

/** The 429 every limited route answers, with Retry-After in seconds. */
export function rateLimitedError(retryAfterMs: number, message: TooManyMessage = messages.auth.tooManyAttempts): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError('RATE_LIMITED', message(minutes), { headers: { 'retry-after': String(seconds) } });
}

/** Throws 429 when any rule has already reached its limit; counts nothing. */
export async function checkRateLimits(rules: RateRule[], now = Date.now(), message?: TooManyMessage): Promise<void> {
  const { db } = await getRuntime();
  const blocked = await overLimit(db, rules, now);
  if (blocked !== undefined) throw rateLimitedError(blocked, message);
}

/** Milliseconds until a full rule frees up, or undefined while it has room; counts nothing. */
export async function rateLimitWait(rule: RateRule, now = Date.now()): Promise<number | undefined> {
  const { db } = await getRuntime();
  return overLimit(db, [rule], now);
}

/** Counts one hit against every rule; for failures that count only once they happened. */
export async function recordRateHits(rules: RateRule[], now = Date.now()): Promise<void> {
  const { db } = await getRuntime();
  for (const rule of rules) await increment(db, rule, now);
}

/**
 * Counts a hit against every rule, or throws 429 (counting nothing) when any rule is full. Each
 * count is one atomic upsert that answers the new count, and the transaction is rolled back when a
 * rule went past its limit: concurrent requests, on one server or several, cannot overshoot, since
 * the upsert's row lock orders them and each sees the count the one before committed.
 */
export async function consumeRateLimits(rules: RateRule[], now = Date.now(), message?: TooManyMessage): Promise<void> {
  const { db } = await getRuntime();
  // One key order for everyone: two requests counting the same rows lock them in the same order.
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let blocked: number | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      for (const rule of ordered) {
        const row = await increment(trx, rule, now);
        if (row.count > rule.limit) blocked = Math.max(blocked ?? 0, row.reset_at - now);
      }
      if (blocked !== undefined) throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  if (blocked !== undefined) throw rateLimitedError(blocked, message);
  // Expired windows are dead weight; sweep now and then rather than on a timer.
  if (Math.random() < 0.02) await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
}

/** Thrown inside the transaction to undo its counts; never escapes consumeRateLimits. */
const ROLL_BACK = Symbol('roll back');

/** Forgets a counter (a successful login clears the failures of that account and address). */
export async function clearRateLimit(rule: RateRule): Promise<void> {
  const { db } = await getRuntime();
  await db.deleteFrom('rate_limits').where('key', '=', rule.key).execute();
}

type Db = Awaited<ReturnType<typeof getRuntime>>['db'];

/** Milliseconds until the first full rule frees up, or undefined when every rule has room. */
async function overLimit(db: Db, rules: RateRule[], now: number): Promise<number | undefined> {
  if (rules.length === 0) return undefined;
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'reset_at'])
    .where('key', 'in', rules.map((rule) => rule.key))
    .where('reset_at', '>', now)
    .execute();
  let wait: number | undefined;
  for (const row of rows) {
    const rule = rules.find((candidate) => candidate.key === row.key);
    if (rule && row.count >= rule.limit) wait = Math.max(wait ?? 0, row.reset_at - now);
  }
  return wait;
}

/** One more hit on the rule's counter; answers the counter as it now stands. */
async function increment(db: Db, rule: RateRule, now: number): Promise<{ count: number; reset_at: number }> {
  const resetAt = now + rule.windowMs;
  return db
    .insertInto('rate_limits')
    .values({ key: rule.key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // A window that has run out starts again at one; SET reads the old row on both lines.
        count: sql<number>`CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql<number>`CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
}
