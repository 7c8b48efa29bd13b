import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { startKickedTurns, type RecurringTurns } from '../platform/recurring-turns.ts';
import { syncIntegration } from './sync-integration.ts';

/**
 * The webhook inbox's worker (docs/decisions/029-pms-connectors.md §5): every server runs its own,
 * kicked by the hook route after its answer (as the outbox is after a commit) and looking every
 * minute for rows whose retry is due. Each integration with due rows is read under its lease
 * (`pms:<id>`, taken without waiting: one the reconcile or "Sync now" holds is skipped, and its
 * turn takes the rows), so two servers never read one account at once.
 */
export const INBOX_TURN_MS = 60_000;

const state = processSingleton('pms-inbox', () => ({ turns: undefined as RecurringTurns<number> | undefined, again: false }));

async function integrationsDue(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pms_hook_inbox')
    .innerJoin('pms_integrations', 'pms_integrations.id', 'pms_hook_inbox.integration_id')
    .select('pms_hook_inbox.integration_id')
    .distinct()
    .where('pms_hook_inbox.processed_at', 'is', null)
    .where('pms_hook_inbox.next_attempt_at', '<=', now)
    .where('pms_integrations.state', '=', 'active')
    // One backing off waits, as the reconcile does (§12); its rows keep their place.
    .where((eb) => eb.or([eb('pms_integrations.backoff_until', 'is', null), eb('pms_integrations.backoff_until', '<=', now)]))
    .execute();
  return rows.map((row) => row.integration_id);
}

/** One pass over every integration with due rows, again while kicks arrived during it; answers how many were read. */
async function turn(db: Kysely<Database>, log: Logger): Promise<number> {
  let read = 0;
  do {
    state.again = false;
    for (const id of await integrationsDue(db, Date.now())) {
      try {
        const outcome = await syncIntegration(id, 'inbox');
        if (outcome.kind === 'synced') read += 1;
      } catch (error) {
        log.error({ err: error, integrationId: id }, 'pms: reading webhooks of an integration failed');
      }
    }
  } while (state.again && !state.turns?.stopped);
  return read;
}

export function startInboxWorker({ db, log }: { db: Kysely<Database>; log: Logger }): { stop(): Promise<void> } {
  return startKickedTurns(INBOX_TURN_MS, state, () => turn(db, log), (error) => log.warn({ err: error }, 'pms: webhook inbox turn failed, will retry'));
}

/** After a hint was queued: the worker reads it now (a turn in progress runs once more). No worker in this process: the minute's turn of another, or the reconcile, takes it. */
export function kickInbox(): void {
  state.again = true;
  setImmediate(() => state.turns?.runSoon());
}
