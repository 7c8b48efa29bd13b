import { processSingleton } from '../platform/process-singleton.ts';
import type { RecurringTurns } from '../platform/recurring-turns.ts';

/** The lock worker's turns in this process (code-worker.ts), and the kick the stay writers' markings give it (mark-stay-codes.ts). */
export const lockWorkerState = processSingleton('lock-worker', () => ({ turns: undefined as RecurringTurns<number> | undefined, again: false }));

/** After a marking: the worker looks soon, once the marking's transaction has committed. No worker in this process: its turn, or another server's, takes it. */
export function kickLockCodes(): void {
  lockWorkerState.again = true;
  setTimeout(() => lockWorkerState.turns?.runSoon(), 50).unref();
}
