import { sql, type Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { AppError } from './app-error.ts';
import { getRuntime } from '../platform/runtime.ts';

/** One counter: at most `limit` hits per fixed window of `windowMs`, keyed by what it protects. */
export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
  /**
   * Counted but never refused: the caller reads from the slots whether it is past its limit and
   * decides (the per-account login count asks for proof instead of locking the owner out).
   */
  soft?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A rule keyed by one value (an e-mail, a user id, an address) under the rule's own name. */
function rule(name: string, limit: number, windowMs: number): (value: string) => RateRule {
  return (value) => ({ key: `${name}:${value}`, limit, windowMs });
}

/**
 * Every limit of the app: those docs/security.md 8, 9 and 31 fix, and ours for the other flows.
 * Keys hold lower-cased e-mails, user ids or client addresses; a rule's name is part of its key so
 * that flows never share a counter.
 */
export const rateRules = {
  /** Failed logins (and failed password checks on account changes) per account and address. */
  loginAccountIp: (email: string, ip: string): RateRule => ({ key: `login:acct-ip:${email}|${ip}`, limit: 10, windowMs: 15 * MINUTE }),
  /**
   * Failed logins per account from anywhere: past it a password alone signs in only from a known
   * browser; elsewhere the owner gets a mailed link (login-user.ts). Never a lockout: soft.
   */
  loginAccount: (email: string): RateRule => ({ key: `login:acct:${email}`, limit: 100, windowMs: HOUR, soft: true }),
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
  /** "Send a new link": counted for every request, known address or not (one answer for all). */
  resendVerificationEmail: rule('resend-verify:email', 3, HOUR),
  resendVerificationIp: rule('resend-verify:ip', 20, HOUR),
  emailChangeUser: rule('email-change:user', 3, HOUR),
  emailChangeIp: rule('email-change:ip', 20, HOUR),
  userMessageUser: rule('message:user', 10, HOUR),
  userMessageIp: rule('message:ip', 30, HOUR),
  contactIp: rule('contact:ip', 5, 10 * MINUTE),
  /**
   * Guidebook and stay links mailed to guests (POST /api/instruction/:id/share, …/stays/:id/send),
   * per host and address. What one inbox may get is `guestMailRecipient`'s, across every route.
   */
  shareUser: rule('share:user', 20, HOUR),
  shareIp: rule('share:ip', 60, HOUR),
  /**
   * Wrong guest PINs (docs/security.md 31), on a guidebook's public link: per link
   * and address, so a stranger's guesses lock only the stranger; per address across links; and a
   * link-wide cap for guessing spread over many addresses, which mails the host and shows in the
   * editor once reached (reveal-secrets.ts) and starts again when the host changes the PIN. With 6
   * digits (a million values) and 100 wrong tries a day, trying every PIN takes 27 years.
   */
  pinLinkAddress: (guidebookId: string, ip: string): RateRule => ({ key: `pin:link-ip:${guidebookId}|${ip}`, limit: 10, windowMs: 15 * MINUTE }),
  pinIp: rule('pin:ip', 30, HOUR),
  pinLink: rule('pin:link', 100, DAY),
  /**
   * Guests writing to their host from the guest page: per address (counted before the captcha is
   * asked, so a flood cannot make us call Cloudflare for each try), then per guidebook for its
   * public link and per stay for a stay link, counted only once the captcha passed, so bots that
   * fail it cannot use up the budget of real guests.
   */
  guestMessageIp: rule('guest-message:ip', 5, 10 * MINUTE),
  guestMessageGuidebook: rule('guest-message:guidebook', 30, DAY),
  guestMessageStay: rule('guest-message:stay', 20, DAY),
  /**
   * "Was this guidebook helpful?" (insights/guest-feedback.ts): a guest answers once; per address
   * so one visitor cannot fill the host's list, per link (a guidebook's public link or one stay's)
   * so many addresses together cannot either.
   */
  guestFeedbackIp: rule('guest-feedback:ip', 10, HOUR),
  guestFeedbackLink: rule('guest-feedback:link', 200, DAY),
  /**
   * "Ask the guidebook" (docs/decisions/031 §12), taken before the search, so a flood costs a row
   * update: per link (a guidebook's public link or one stay) and address; per address across
   * links (one client spraying many links); per link a day, `ASSISTANT_QUESTIONS_PER_LINK_DAY`
   * (a full house asks a few dozen a day; this bounds a flood spread over many addresses).
   */
  askLinkAddress: (link: string, ip: string): RateRule => ({ key: `ask:link-ip:${link}|${ip}`, limit: 10, windowMs: 10 * MINUTE }),
  askIp: rule('ask:ip', 60, HOUR),
  askLink: (link: string, limit: number): RateRule => ({ key: `ask:link:${link}`, limit, windowMs: DAY }),
  /** Calendar feeds fetched at a host's request (save, "Sync now"); the 30-minute sync is not counted. */
  calendarFetchUser: rule('calendar:user', 30, HOUR),
  /**
   * "Draft with machine translation" (src/lib/server/translate), per host: each draft is a paid
   * call to the translation service (DeepL bills by character), and a host drafts a language or two
   * at a time, with a few retries.
   */
  machineDraftUser: rule('machine-draft:user', 20, HOUR),
  /** Billing calls that reach Stripe (checkout, plan changes, cancel, portal): a person makes a few. */
  billingUser: rule('billing:user', 30, HOUR),
  /** Payout calls that reach Stripe (onboarding, refresh, the Stripe dashboard link), per host. */
  payoutsUser: rule('payouts:user', 30, HOUR),
  /** Extras a guest asks for from a stay link: per address, and per stay (a guest asks for a few). */
  extraRequestIp: rule('extra-request:ip', 20, 10 * MINUTE),
  extraRequestStay: rule('extra-request:stay', 10, DAY),
  /**
   * The Approve and Decline links of a host's order mail, opened or posted, per address: a host
   * decides a handful at a time; guessing a 256-bit token is hopeless anyway, this bounds the cost.
   */
  orderLinkIp: rule('order-link:ip', 60, 15 * MINUTE),
  /**
   * Extras ordered from a guidebook's public link (money/orders/public-link.ts): per guidebook once
   * confirmed, so the host's mailbox cannot be flooded from many addresses; per guest e-mail when
   * asked for, which gets the confirmation mail, so nobody's inbox can be filled with them.
   */
  extraRequestGuidebook: rule('extra-request:guidebook', 20, HOUR),
  extraRequestEmail: rule('extra-request:email', 5, DAY),
  /**
   * Every mail a host or a guest can cause to someone else's address, whichever route queues it
   * (mail-budget.ts, docs/security.md 37): per recipient across all hosts, and per host.
   */
  guestMailRecipient: (email: string): RateRule => ({ key: `guest-mail:to:${email.trim().toLowerCase()}`, limit: 5, windowMs: DAY }),
  guestMailHost: rule('guest-mail:host', 200, DAY),
  /** Booking systems connected by a team (docs/decisions/029-pms-connectors.md §14): each try is a call to the system. */
  integrationConnectTeam: rule('integration-connect:team', 10, HOUR),
  /** "Sync now" of one integration (§5): each is a read of the system's account; the job reads every 15 minutes anyway. */
  integrationSync: rule('integration-sync', 6, HOUR),
  /** A booking system's webhooks to one integration (§5): each may cost one read of its account; the reconcile reads everything within 15 minutes anyway. */
  pmsHook: rule('pms-hook', 600, HOUR),
  /** Lock accounts a team starts connecting (docs/decisions/030-smart-locks.md §3): each makes a Seam Connect Webview. */
  lockConnectTeam: rule('lock-connect:team', 10, HOUR),
  /** "Refresh" of one lock account (§3): each reads the account and its locks at Seam. */
  lockRefresh: rule('lock-refresh', 6, HOUR),
  /** A guest's data exported or erased on request (docs/decisions/029-pms-connectors.md §10), per team. */
  guestDataTeam: rule('guest-data:team', 20, HOUR),
  /** Stays a host adds or changes by hand or through the API (the calendar's are not counted). */
  stayWriteUser: rule('stay-write:user', 200, HOUR),
} as const;

/** Says how long to wait, in whole minutes; a flow may word it its own way. */
export type TooManyMessage = (minutes: number) => string;

/** The 429 every limited route answers, with Retry-After in seconds. */
export function rateLimitedError(retryAfterMs: number, message: TooManyMessage = messages.auth.tooManyAttempts): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError('RATE_LIMITED', message(minutes), { headers: { 'retry-after': String(seconds) } });
}

/** The slots one request took: what the counters said, and a way to give them back. */
export interface RateSlots {
  /** The counter of `rule` with this request's hit (0 for a rule that was not taken). */
  count(rule: RateRule): number;
  /** True when this hit took `rule` past its limit (only a soft rule lets that through). */
  over(rule: RateRule): boolean;
  /** Gives every slot back (a right password or PIN when only failures count). */
  giveBack(): Promise<void>;
}

export type RateTake = { ok: true; slots: RateSlots } | { ok: false; retryAfterMs: number; full: RateRule[] };

type Db = Awaited<ReturnType<typeof getRuntime>>['db'];

/**
 * The one limiter of every limited route (docs/security.md 31): takes a slot of every rule, or
 * none. Each slot is one atomic upsert that answers the new count, and the transaction is rolled
 * back when a rule that refuses went past its limit, so simultaneous requests, on one server or
 * several, cannot overshoot: the upsert's row lock (PostgreSQL) or the single writer (SQLite)
 * orders them and each sees the count the one before committed. Callers take the slot *before*
 * they compare a password or a PIN and give it back when only failures count: at most `limit`
 * comparisons can ever run in a window, however many arrive at once.
 */
export async function takeRateSlots(rules: RateRule[], now = Date.now()): Promise<RateTake> {
  const { db } = await getRuntime();
  // One key order for everyone: two requests counting the same rows lock them in the same order.
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const taken = new Map<string, { count: number; resetAt: number }>();
  const full: RateRule[] = [];
  let retryAfterMs = 0;
  try {
    await db.transaction().execute(async (trx) => {
      for (const rule of ordered) {
        const row = await increment(trx, rule, now);
        taken.set(rule.key, { count: row.count, resetAt: row.reset_at });
        if (row.count > rule.limit && !rule.soft) {
          full.push(rule);
          retryAfterMs = Math.max(retryAfterMs, row.reset_at - now);
        }
      }
      if (full.length > 0) throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  if (full.length > 0) return { ok: false, retryAfterMs, full };
  // Expired windows are dead weight; sweep now and then rather than on a timer.
  if (Math.random() < 0.02) await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  return {
    ok: true,
    slots: {
      count: (rule) => taken.get(rule.key)?.count ?? 0,
      over: (rule) => (taken.get(rule.key)?.count ?? 0) > rule.limit,
      giveBack: () => giveBack(db, taken),
    },
  };
}

/** takeRateSlots for routes that refuse outright: 429 (nothing counted) when any rule is full. */
export async function consumeRateLimits(rules: RateRule[], now = Date.now(), message?: TooManyMessage): Promise<RateSlots> {
  const take = await takeRateSlots(rules, now);
  if (!take.ok) throw rateLimitedError(take.retryAfterMs, message);
  return take.slots;
}

/** Thrown inside the transaction to undo its counts; never escapes takeRateSlots. */
const ROLL_BACK = Symbol('roll back');

/** Forgets a counter (a successful login clears the failures of that account and address). */
export async function clearRateLimit(rule: RateRule): Promise<void> {
  const { db } = await getRuntime();
  await db.deleteFrom('rate_limits').where('key', '=', rule.key).execute();
}

/** Milliseconds until `rule` frees up, or undefined while it has room; counts nothing (for display). */
export async function rateLimitWait(rule: RateRule, now = Date.now()): Promise<number | undefined> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', rule.key).where('reset_at', '>', now).executeTakeFirst();
  return row && row.count >= rule.limit ? row.reset_at - now : undefined;
}

/** One more hit on the rule's counter; answers the counter as it now stands (in `db`, which may be the caller's transaction). */
export async function increment(db: Db | Transaction<Database>, rule: RateRule, now: number): Promise<{ count: number; reset_at: number }> {
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

/** One hit less on each counter, if it is still the window the hit was counted in. */
async function giveBack(db: Db, taken: Map<string, { resetAt: number }>): Promise<void> {
  for (const [key, { resetAt }] of taken) {
    await db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('reset_at', '=', resetAt)
      .where('count', '>', 0)
      .execute();
  }
}
