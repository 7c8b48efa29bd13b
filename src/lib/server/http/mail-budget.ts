import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { increment, rateRules } from './rate-limit.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import type { Outbox } from '../platform/mail/outbox.ts';

/**
 * Every mail a host or a guest can cause to someone else's address (stay links, guidebook links,
 * reminders before arrival, order mails, a public-link order's confirmation) spends one budget,
 * whichever route queues it (docs/security.md 37): at most 5 a day to one address, across every
 * host, and at most 200 a day from one host's account (`rateRules.guestMailRecipient` and
 * `guestMailHost`). Mails to the host's own address (their orders, their digest) are not
 * counted: they reach whoever owns the account.
 *
 * The slots are taken in the caller's transaction, beside the mail's outbox row, by the same
 * atomic upsert as the rate limits: two routes queueing at once cannot both take the last slot,
 * and a transaction that rolls back gives its slots back with it.
 */
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes a slot of the recipient's and the host's daily budget in `trx`, or neither; answers 0 when
 * it did, else how long until the full one has room again (for Retry-After).
 */
export async function takeMailBudget(trx: Db, { to, hostId }: { to: string; hostId: string | null }, now = Date.now()): Promise<number> {
  const taken: string[] = [];
  for (const rule of [rateRules.guestMailRecipient(to), ...(hostId === null ? [] : [rateRules.guestMailHost(hostId)])]) {
    const { count, reset_at: resetAt } = await increment(trx, rule, now);
    taken.push(rule.key);
    if (count > rule.limit) {
      for (const key of taken) await trx.updateTable('rate_limits').set({ count: sql<number>`count - 1` }).where('key', '=', key).execute();
      return Math.max(1, resetAt - now);
    }
  }
  return 0;
}

/** A guest's mail queued (its outbox row), or held back by the budget until `retryAfterMs` from now. */
export type GuestMailQueued = { queued: true; id: number } | { queued: false; retryAfterMs: number };

/**
 * Queues `mail` to a guest in `trx` when the budget has room; nothing is queued when it is full.
 * `hostId` null: a mail a stranger caused on a host's public page (a public-link order's
 * confirmation), which spends the recipient's budget but not the host's, so a stranger cannot use
 * up the mails the host sends their own guests.
 */
export async function enqueueGuestMail(outbox: Outbox, trx: Db, mail: MailMessage, hostId: string | null, now = Date.now()): Promise<GuestMailQueued> {
  const retryAfterMs = await takeMailBudget(trx, { to: mail.to, hostId }, now);
  if (retryAfterMs > 0) return { queued: false, retryAfterMs };
  return { queued: true, id: await outbox.enqueue(mail, trx) };
}
