import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { claimingRows, type DialectName } from '../db/dialect.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export interface OutboxOptions {
  /** First retry delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the row is marked failed (kept for an operator). */
  maxAttempts?: number;
  pollMs?: number;
  /** How long a claimed row stays claimed before another worker may retry it (crash recovery). */
  leaseMs?: number;
  /** The database's dialect (runtime.ts); PostgreSQL claims with FOR UPDATE SKIP LOCKED. */
  dialect?: DialectName;
}

/**
 * Durable mail queue: a message is a row first (in the caller's transaction, next to what caused
 * it), then delivered by a worker that retries with exponential backoff. An SMTP outage only
 * delays delivery; nothing is lost. Rows are claimed with a lease so two workers (or two
 * processes) never send the same row twice at once, and a crash mid-send is retried.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly dialect: DialectName;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    options: OutboxOptions = {},
  ) {
    this.baseDelayMs = options.baseDelayMs ?? 2_000;
    this.maxDelayMs = options.maxDelayMs ?? 10 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 50;
    this.pollMs = options.pollMs ?? 2_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.dialect = options.dialect ?? 'sqlite';
  }

  /** Queues a message; pass the transaction that stores what the mail is about. */
  async enqueue(message: MailMessage, trx: Kysely<Database> | Transaction<Database> = this.db): Promise<number> {
    const now = Date.now();
    const row = await trx
      .insertInto('outbox')
      .values({
        to_address: message.to,
        reply_to: message.replyTo ?? null,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks the worker to look at the queue now (after a commit that queued mail). */
  kick(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** Stops polling and waits for a delivery in progress, so shutdown loses no state. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Delivers every due message once; resolves when the pass is over. */
  processDue(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    // A kick during a pass runs one more pass right after it, inside the same promise.
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.processDue()
        // A database error (busy, disk full) must not become an unhandled rejection that ends the
        // process: log it and try again at the next poll.
        .catch((error: unknown) => this.log.error({ err: error }, 'mail: outbox pass failed'))
        .finally(() => {
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      const row = await this.claimNext();
      if (!row) return;
      try {
        await this.mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          replyTo: row.reply_to ?? undefined,
        });
        // Bodies carry one-use links (verification, reset): once delivered, keep only the envelope,
        // so a database dump holds no live token (docs/security.md 3, 11).
        await this.ownClaim(row.id, row.attempts)
          .set({ status: 'sent', sent_at: Date.now(), last_error: null, text_body: '', html_body: null })
          .execute();
      } catch (error) {
        await this.recordFailure(row.id, row.attempts, error);
      }
      if (this.stopped) return;
    }
  }

  /**
   * Atomically takes the oldest due row (pending, or a stale claim) and leases it. SQLite runs one
   * write at a time. On PostgreSQL several servers claim at once: the subquery locks its row with
   * FOR UPDATE SKIP LOCKED, so a concurrent claim takes the next row instead of waiting for this
   * one, and the outer conditions are checked again on the row as committed (a row another worker
   * claimed meanwhile is no longer due), so no mail is sent twice.
   */
  private async claimNext() {
    const now = Date.now();
    return this.db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: now + this.leaseMs }))
      .where('id', '=', (eb) => {
        const oldestDue = eb
          .selectFrom('outbox')
          .select('id')
          .where('status', 'in', ['pending', 'sending'])
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1);
        return claimingRows(this.dialect, oldestDue);
      })
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * An update of the row as this worker claimed it. Every claim bumps `attempts`, so when the
   * lease ran out and another worker re-claimed the row, this worker's late outcome matches
   * nothing and cannot undo the other's (e.g. put a sent mail back to pending).
   */
  private ownClaim(id: number, attempts: number) {
    return this.db.updateTable('outbox').where('id', '=', id).where('status', '=', 'sending').where('attempts', '=', attempts);
  }

  private async recordFailure(id: number, attempts: number, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const gaveUp = attempts >= this.maxAttempts;
    const delay = Math.min(this.baseDelayMs * 2 ** (attempts - 1), this.maxDelayMs);
    await this.ownClaim(id, attempts)
      .set({ status: gaveUp ? 'failed' : 'pending', last_error: message.slice(0, 500), next_attempt_at: Date.now() + delay })
      .execute();
    this.log.warn({ outboxId: id, attempts, retryInMs: gaveUp ? null : delay, err: message }, 'mail: delivery failed');
  }
}
