import type { JobLease } from '../../cluster/job-lease.ts';
import type { Logger } from '../../logger.ts';
import { startRecurringTurns } from '../../recurring-turns.ts';
import { followLeftovers } from './follow-stays.ts';
import { cancelLapsedAuthorisations } from './cancel-lapsed-authorisations.ts';

const UPKEEP_TURN_MS = 15 * 60_000;

/**
 * The orders' periodic turn, on one server of several (cluster/job-lease.ts), one just after
 * start: holds left 72 hours are released (cancel-lapsed-authorisations.ts, when Stripe is configured), and orders
 * whose stay changed but that could not follow it at once (Stripe down, a crash) follow it now
 * (follow-stays.ts).
 */
export function startOrderUpkeep({ log, jobs }: { log: Logger; jobs: JobLease }): { stop(): Promise<void> } {
  const turns = startRecurringTurns(UPKEEP_TURN_MS, () =>
    jobs
      .run('order-expiry', async () => {
        await cancelLapsedAuthorisations(Date.now());
        await followLeftovers(Date.now());
      })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'extras: order upkeep turn failed')),
  );
  return { stop: () => turns.stop() };
}
