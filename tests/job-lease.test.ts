import { describe, expect, it } from 'vitest';
import { createJobLease, type JobLease } from '../src/lib/server/platform/cluster/job-lease.ts';
import { createLogger } from '../src/lib/server/platform/logger.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

// Periodic jobs run once across servers (docs/decisions/012): a turn takes the job's advisory lock.
const log = createLogger({ logLevel: 'silent' });

/** A job body that counts its runs and stays in them until `finish()`. */
function heldJob() {
  let runs = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    body: async () => {
      runs += 1;
      started();
      await finished;
      return runs;
    },
    running,
    finish,
    runs: () => runs,
  };
}

describe.skipIf(!onPostgres)('job lease on PostgreSQL', () => {
  it('two servers starting one job together run its body once; the next turn runs again', async () => {
    const url = await createTestDatabase();
    // Two servers: each its own lease on the same database.
    const [a, b] = [createJobLease({ dialect: 'postgres', url, poolSize: 2 }, log), createJobLease({ dialect: 'postgres', url, poolSize: 2 }, log)] as [JobLease, JobLease];
    const job = heldJob();
    const first = a.run('upload-cleanup', job.body);
    await job.running;
    // While A holds the job, B's turn (and another of A's own) is skipped without waiting.
    expect(await b.run('upload-cleanup', job.body)).toEqual({ ran: false });
    expect(await a.run('upload-cleanup', job.body)).toEqual({ ran: false });
    // Another job is not held by this one.
    expect(await b.run('billing-reconcile', async () => 'other')).toEqual({ ran: true, result: 'other' });
    job.finish();
    expect(await first).toEqual({ ran: true, result: 1 });
    expect(job.runs()).toBe(1);
    // Released after the run, and after a body that throws.
    await expect(b.run('upload-cleanup', async () => Promise.reject(new Error('pass failed')))).rejects.toThrow('pass failed');
    expect(await a.run('upload-cleanup', async () => 'again')).toEqual({ ran: true, result: 'again' });
  });

  it('two concurrent turns of one job, started at the same instant, execute the body once', async () => {
    const url = await createTestDatabase();
    const leases = [0, 1].map(() => createJobLease({ dialect: 'postgres', url, poolSize: 2 }, log));
    const job = heldJob();
    const turns = leases.map((lease) => lease.run('billing-reconcile', job.body));
    await job.running;
    // The loser answers without waiting for the winner to finish.
    const loser = await Promise.race(turns.map((turn) => turn.then((value) => (value.ran ? new Promise<never>(() => undefined) : value))));
    expect(loser).toEqual({ ran: false });
    job.finish();
    const results = await Promise.all(turns);
    expect(results.filter((turn) => turn.ran)).toHaveLength(1);
    expect(job.runs()).toBe(1);
  });
});

describe('job lease on SQLite', () => {
  it('runs every turn (one server)', async () => {
    const lease = createJobLease({ dialect: 'sqlite', file: ':memory:' }, log);
    const job = heldJob();
    const turns = [lease.run('upload-cleanup', job.body), lease.run('upload-cleanup', job.body)];
    job.finish();
    expect((await Promise.all(turns)).map((turn) => turn.ran)).toEqual([true, true]);
    expect(job.runs()).toBe(2);
  });
});
