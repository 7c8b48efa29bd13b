import type { PmsReservation } from './adapter.ts';
import { apply, LeaseLost, type SyncRun } from './sync-reads.ts';

/**
 * The webhook inbox's rows read (docs/decisions/029-pms-connectors.md §5, "Processed once"):
 * under the integration's lease (the caller's), the pending rows' distinct reservation ids are
 * read again through the system's API, 50 to a call, and applied as the sync applies them; the
 * rows are then marked processed. The body a webhook carried is never applied, so deliveries out
 * of order end at the reservation as the system has it now. A read that fails leaves the rows for
 * 1, 5, then 15 minutes later, after which the reconcile's turn takes them with its own. Rows a
 * reconcile's incremental read already named are marked without a second read.
 */
const MINUTE_MS = 60_000;
/** The inbox worker's retries after a failed read; past them, the 15-minute reconcile's turn. */
const RETRY_AFTER_MS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS];
/** Beyond the retries: not before the reconcile, which takes every pending row whatever its time. */
const LEFT_TO_RECONCILE_MS = 24 * 60 * MINUTE_MS;
/** Rows taken in one go; the rest wait for the next kick or turn. */
const ROWS_AT_ONCE = 500;
const READ_BATCH = 50;
/** Processed rows are kept this long (a repeat within it meets the UNIQUE key), then deleted by the "pms sync" job. */
export const INBOX_KEPT_MS = 7 * 24 * 60 * MINUTE_MS;

interface PendingRow {
  id: number;
  reservation_ids: string;
  attempts: number;
}

/** The integration's pending rows: those due (the worker), or every one (the reconcile, `everyPending`). */
export async function pendingRows(run: Pick<SyncRun, 'db' | 'integration'>, everyPending: boolean, now = Date.now()): Promise<PendingRow[]> {
  let query = run.db.selectFrom('pms_hook_inbox').select(['id', 'reservation_ids', 'attempts']).where('integration_id', '=', run.integration.id).where('processed_at', 'is', null);
  if (!everyPending) query = query.where('next_attempt_at', '<=', now);
  return query.orderBy('id').limit(ROWS_AT_ONCE).execute();
}

async function retryLater(run: SyncRun, rows: PendingRow[]): Promise<void> {
  const now = Date.now();
  for (const row of rows) {
    const wait = RETRY_AFTER_MS[row.attempts] ?? LEFT_TO_RECONCILE_MS;
    await run.db.updateTable('pms_hook_inbox').set({ attempts: row.attempts + 1, next_attempt_at: now + wait }).where('id', '=', row.id).execute();
  }
}

/** A reservation the system no longer knows (deleted: `gone`, no unit): its stay's guidebook, so the stay goes as at the full pass. */
async function deletedStayGuidebook(run: SyncRun, reservation: PmsReservation): Promise<string | undefined> {
  if (reservation.state !== 'gone' || reservation.unitId !== '') return undefined;
  const stay = await run.db.selectFrom('stays').select('instruction_id').where('pms_integration_id', '=', run.integration.id).where('pms_reservation_id', '=', reservation.externalId).executeTakeFirst();
  return stay && [...run.mapped.values()].includes(stay.instruction_id) ? stay.instruction_id : undefined;
}

/** Reads and applies the rows' reservations (less those `named` already read), then marks the rows processed. */
export async function drainInbox(run: SyncRun, rows: PendingRow[], named: ReadonlySet<string> = new Set()): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = [...new Set(rows.flatMap((row) => row.reservation_ids.split(',')).filter((id) => id !== '' && !named.has(id)))];
  try {
    for (let at = 0; at < ids.length; at += READ_BATCH) {
      for (const reservation of await run.adapter.read(run.context, ids.slice(at, at + READ_BATCH))) {
        // A unit not mapped (or "not in Porchlight"): read, and dropped as the sync drops it.
        const instructionId = run.mapped.get(reservation.unitId) ?? (await deletedStayGuidebook(run, reservation));
        if (instructionId) await apply(run, instructionId, reservation);
      }
      if (!(await run.lease.renew())) throw new LeaseLost(`pms: lease of ${run.integration.id} lost`);
    }
  } catch (error) {
    await retryLater(run, rows);
    throw error;
  }
  // After the writes: a server that stops between them reads the same again, which writes nothing (§6).
  await run.db
    .updateTable('pms_hook_inbox')
    .set({ processed_at: Date.now() })
    .where('id', 'in', rows.map((row) => row.id))
    .execute();
  run.log.info({ integrationId: run.integration.id, rows: rows.length, reservations: ids }, 'pms: webhooks read');
  return ids.length;
}
