import type { JobLease, PeriodicJob } from '../platform/cluster/job-lease.ts';
import type { Runtime } from '../platform/runtime.ts';

/* The shapes of the background jobs that background-jobs.ts lists and workers.ts runs. */

/** What a job is given: the runtime, and the lease that keeps a periodic job on one server of several (docs/decisions/012). */
export interface JobContext {
  runtime: Runtime;
  jobs: JobLease;
}

interface JobTiming {
  /** Its name in the logs and in this list. */
  name: string;
  /** A turn every `everyMs`. */
  everyMs: number;
  /** The job's advisory lock on PostgreSQL: one server of several runs a turn; none: every server runs its own. */
  lease: PeriodicJob | undefined;
}

/** A job that is a turn and nothing more: workers.ts runs it every `everyMs` and once just after start (recurring-turns.ts). */
export interface TurnJob extends JobTiming {
  turn(context: JobContext): Promise<unknown>;
  /** Logged when a turn throws; the next turn tries again. */
  failed: { level: 'warn' | 'error'; message: string };
}

/** A job with more to it than its turns (a clean-up asked for between turns, a last write on stop): its module times it. */
export interface ServiceJob extends JobTiming {
  /** Undefined: not started in this configuration. */
  start(context: JobContext): { stop(): Promise<void> } | undefined;
}

export type BackgroundJob = TurnJob | ServiceJob;
