import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * One step at a time per record, across requests, jobs and servers (docs/security.md 38), for
 * steps that call a third party (Stripe) between reading the record and writing it: a database
 * transaction cannot stay open that long (on SQLite it would hold the one writer; on PostgreSQL a
 * pooled connection), so the lock is a lease row in `record_locks`, taken by one atomic upsert.
 *
 * - Taking it: insert the key, or take over a row whose lease ran out (its holder died), and read
 *   back who holds it now. The one upsert is ordered by the row's lock (PostgreSQL) or the single
 *   writer (SQLite), so of two takers at once exactly one sees itself.
 * - Waiting: a taker who finds it held tries again after a short pause, growing to a quarter of a
 *   second, until the holder lets go or its lease runs out; it then reads the record as the
 *   holder left it. No caller is refused for finding it busy, and nobody waits on a wall clock of
 *   its own: the lease is the only deadline, and it belongs to the holder.
 * - Letting go: delete the row if it is still ours (a lease taken over is not ours any more).
 *
 * `leaseMs` must outlast the step: Stripe's client gives up after 20 s and retries twice
 * (money/subscriptions/stripe-client.ts), so two minutes covers the slowest answer.
 */
export const RECORD_LEASE_MS = 120_000;

const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 250;

export async function withRecordLock<T>(db: Kysely<Database>, key: string, step: () => Promise<T>, { leaseMs = RECORD_LEASE_MS }: { leaseMs?: number } = {}): Promise<T> {
  const holder = randomUUID();
  for (let pause = FIRST_PAUSE_MS; !(await tryTake(db, key, holder, leaseMs)); pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    await sleep(pause);
  }
  try {
    return await step();
  } finally {
    await db.deleteFrom('record_locks').where('key', '=', key).where('holder', '=', holder).execute();
  }
}

async function tryTake(db: Kysely<Database>, key: string, holder: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .insertInto('record_locks')
    .values({ key, holder, expires_at: now + leaseMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ holder, expires_at: now + leaseMs }).where('record_locks.expires_at', '<=', now))
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** A lease taken by `tryRecordLock`: renewed between long steps, let go at the end. */
export interface RecordLease {
  /** Pushes the lease out by its length again; false when it is no longer ours (it ran out and another took it). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * The same lease as `withRecordLock`, taken without waiting: null when another holds it (the
 * caller skips, or answers that the record is busy). For a step longer than one lease (a booking
 * system's full read, docs/decisions/029-pms-connectors.md §5) the holder renews it between pages.
 */
export async function tryRecordLock(db: Kysely<Database>, key: string, { leaseMs = RECORD_LEASE_MS }: { leaseMs?: number } = {}): Promise<RecordLease | null> {
  const holder = randomUUID();
  if (!(await tryTake(db, key, holder, leaseMs))) return null;
  return {
    async renew() {
      const result = await db.updateTable('record_locks').set({ expires_at: Date.now() + leaseMs }).where('key', '=', key).where('holder', '=', holder).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async release() {
      await db.deleteFrom('record_locks').where('key', '=', key).where('holder', '=', holder).execute();
    },
  };
}
