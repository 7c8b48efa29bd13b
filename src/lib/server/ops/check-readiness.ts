import { sql } from 'kysely';
import { getRuntime } from '../platform/runtime.ts';

export type CheckName = 'database' | 'uploads' | 'snapshots';
export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: Record<CheckName, 'ok' | 'failed'>;
}

/** Long enough for a healthy bucket across a region, short enough for a load balancer's probe. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * One answer serves every probe within this time: /readyz is public, and each run costs two bucket
 * requests (billed) and a line in the log per failed check. A cache of this module alone (each
 * bundle may keep its own): it only spares work.
 */
const REUSE_MS = 1_000;
let last: { at: number; readiness: Promise<Readiness> } | undefined;

/**
 * GET /readyz (for a load balancer in front of several servers): the database answers `SELECT 1`
 * and both blob stores answer a lookup, each within CHECK_TIMEOUT_MS. Why one failed goes to the
 * log, never into the answer (it is public: a load balancer asks it).
 */
export function checkReadiness(): Promise<Readiness> {
  const now = Date.now();
  if (!last || now - last.at >= REUSE_MS) last = { at: now, readiness: runChecks() };
  return last.readiness;
}

async function runChecks(): Promise<Readiness> {
  const { db, storage, log } = await getRuntime();
  const probes: Record<CheckName, () => Promise<unknown>> = {
    database: () => sql`SELECT 1`.execute(db),
    uploads: () => storage.probe('uploads'),
    snapshots: () => storage.probe('snapshots'),
  };
  const results = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      try {
        await withTimeout(probe(), CHECK_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch (error) {
        log.warn({ err: error, check: name }, 'readyz: check failed');
        return [name, 'failed'] as const;
      }
    }),
  );
  const checks = Object.fromEntries(results) as Readiness['checks'];
  return { status: results.every(([, result]) => result === 'ok') ? 'ok' : 'unavailable', checks };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
