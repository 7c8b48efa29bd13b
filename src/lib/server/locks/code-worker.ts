import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import { startKickedTurns } from '../platform/recurring-turns.ts';
import { lockWorkerState as state } from './code-kick.ts';
import type { SeamSettings } from './lock-config.ts';
import { reconcileCode } from './reconcile-code.ts';
import { processInbox } from './webhook-inbox.ts';

/**
 * The lock worker (docs/decisions/030-smart-locks.md §4, §6): every server runs its own, kicked after
 * a stay's transaction marked a code (as the outbox is after a commit) and looking every
 * LOCK_WORKER_TURN_MS for Seam's webhooks filed (webhook-inbox.ts) and due rows, oldest first, at most 100 a turn and 4 in flight per server.
 * Each code is worked under its own lease (reconcile-code.ts), so two servers never call Seam for
 * one code at once; a code another server holds stays due.
 */
export const LOCK_WORKER_TURN_MS = 10_000;
const PER_TURN = 100;
const IN_FLIGHT = 4;

async function dueCodes(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db.selectFrom('lock_codes').select('id').where('due_at', '<=', now).where('state', 'not in', ['removed', 'left']).orderBy('due_at').limit(PER_TURN).execute();
  return rows.map((row) => row.id);
}

/** Every due code once (4 at a time), again while kicks arrived during it; answers how many were worked. */
async function turn(db: Kysely<Database>, settings: SeamSettings, log: Logger): Promise<number> {
  let worked = 0;
  do {
    state.again = false;
    // Seam's webhooks first: a hint about a code makes its look now (webhook-inbox.ts).
    await processInbox(settings).catch((error: unknown) => log.warn({ err: error }, 'locks: webhook inbox turn failed, will retry'));
    const queue = await dueCodes(db, Date.now());
    const lane = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          if ((await reconcileCode(settings, id)) === 'done') worked += 1;
        } catch (error) {
          log.error({ err: error, codeId: id }, 'locks: a door code could not be worked, will retry');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  } while (state.again && !state.turns?.stopped);
  return worked;
}

export function startLockWorker({ db, log, settings }: { db: Kysely<Database>; log: Logger; settings: SeamSettings }): { stop(): Promise<void> } {
  return startKickedTurns(LOCK_WORKER_TURN_MS, state, () => turn(db, settings, log), (error) => log.warn({ err: error }, 'locks: worker turn failed, will retry'));
}
