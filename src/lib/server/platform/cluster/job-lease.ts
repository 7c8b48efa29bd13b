import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/**
 * Periodic jobs run once across servers (docs/decisions/012). Every server keeps
 * its own timers; each turn of a job first asks PostgreSQL for the job's advisory lock
 * (`pg_try_advisory_lock`, a key per job). The server that gets it runs the job and lets go after;
 * a server that does not skips that turn (another one is doing the work right now). SQLite has one
 * server: every turn runs.
 *
 * The lock is held on a connection of its own, opened for the run and closed after, not on one of
 * the pool's: the job's queries go through the pool, and a pool of one (DATABASE_POOL_SIZE=1), or
 * two jobs at once on a small pool, would otherwise wait for ever on the connection holding the
 * lock. A session lock also dies with its connection, so a server that crashes or loses the
 * database mid-run frees the job for the others, and closing the connection is the release.
 */
export type PeriodicJob = 'upload-cleanup' | 'billing-reconcile' | 'calendar-sync' | 'order-expiry' | 'insights-retention' | 'feedback-digest' | 'arrival-reminders' | 'activity-retention' | 'guest-data-retention' | 'pms-sync' | 'lock-codes' | 'question-retention';

export type JobTurn<T> = { ran: true; result: T } | { ran: false };

export interface JobLease {
  /** Runs `body` for `job` unless another server is running that job now. */
  run<T>(job: PeriodicJob, body: () => Promise<T>): Promise<JobTurn<T>>;
}

/** Advisory lock keys live in one bigint space with the per-row locks of db/dialect.ts: a prefix keeps jobs apart. */
const KEY_PREFIX = 'porchlight-job:';

export function createJobLease(database: Config['database'], log: Logger): JobLease {
  if (database.dialect !== 'postgres') return { run: async (_job, body) => ({ ran: true, result: await body() }) };
  return { run: (job, body) => runUnderAdvisoryLock(database.url, job, body, log) };
}

async function runUnderAdvisoryLock<T>(url: string, job: PeriodicJob, body: () => Promise<T>, log: Logger): Promise<JobTurn<T>> {
  const client = new pg.Client({ connectionString: url });
  // Losing the connection mid-run loses the lock: the job still finishes here (its queries use the
  // pool), at worst alongside another server's turn, which every job must tolerate anyway.
  client.on('error', (error) => log.warn({ err: error, job }, 'periodic job: the connection holding its lock failed'));
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [KEY_PREFIX + job]);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await body() };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [KEY_PREFIX + job]).catch(() => undefined);
    }
  } finally {
    // Ending the session releases its advisory locks too, should the unlock above have failed.
    await client.end().catch(() => undefined);
  }
}
