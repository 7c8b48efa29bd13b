import type { Kysely } from 'kysely';
import type { SyncCounts } from '@shared/schemas/integrations.ts';
import type { Database, PmsIntegrationsTable } from '@db/schema.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import { followStays } from '../money/orders/follow-stays.ts';
import type { DialectName } from '../platform/db/dialect.ts';
import type { RecordLease } from '../platform/db/record-lock.ts';
import type { Logger } from '../platform/logger.ts';
import { mailOverlaps } from '../stays/stay-overlap-mail.ts';
import { sendDueStayLinks } from '../stays/stay-link-mails.ts';
import { getRuntime } from '../platform/runtime.ts';
import { guidebookTimes } from '../stays/sync-calendar.ts';
import type { PmsAdapter, PmsContext, PmsReservation } from './adapter.ts';
import { applyReservation, type GuidebookTimes } from './apply-reservation.ts';
import type { ApplyTarget } from './apply-types.ts';

/**
 * The reads of one sync turn (docs/decisions/029-pms-connectors.md §5, steps 2 and 3): what
 * changed, page by page, and on the full pass every stay still ahead that the pass did not name,
 * read again by id and removed when the system says it is gone. Each reservation of a mapped unit
 * is applied in its own transaction (apply-reservation.ts); those of units not mapped are dropped
 * unread beyond their ids. The orders marked and the stays made or moved are seen to at the end
 * (`followUp`), once per guidebook.
 */
export type { SyncCounts };

export const noCounts = (): SyncCounts => ({ added: 0, moved: 0, removed: 0, updated: 0, takenOver: 0 });

export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export interface SyncRun {
  db: Kysely<Database>;
  dialect: DialectName;
  log: Logger;
  integration: PmsIntegrationsTable;
  adapter: PmsAdapter<unknown>;
  context: PmsContext<unknown>;
  lease: RecordLease;
  /** A unit's external id → its guidebook. */
  mapped: Map<string, string>;
  /** Who new stays record as their author. */
  userId: string;
  counts: SyncCounts;
  now: number;
  times: Map<string, GuidebookTimes | null>;
  after: Map<string, { touched: string[]; followUps: string[] }>;
}

async function timesOf(run: SyncRun, instructionId: string): Promise<GuidebookTimes | null> {
  if (!run.times.has(instructionId)) run.times.set(instructionId, await guidebookTimes(run.db, instructionId));
  return run.times.get(instructionId)!;
}

/** Applies one reservation of a mapped unit and notes what to follow up. */
export async function apply(run: SyncRun, instructionId: string, reservation: PmsReservation): Promise<void> {
  const target: ApplyTarget = { integrationId: run.integration.id, teamId: run.integration.team_id, instructionId, userId: run.userId, system: run.integration.system };
  const applied = await applyReservation(run.db, run.dialect, target, reservation, await timesOf(run, instructionId), run.now);
  if (applied.change === null) return;
  run.counts[applied.change] += 1;
  const after = run.after.get(instructionId) ?? { touched: [], followUps: [] };
  if (applied.touched && applied.stayId) after.touched.push(applied.stayId);
  after.followUps.push(...applied.followUps);
  run.after.set(instructionId, after);
  // What the log may say of it: the system's id and the change, never a guest field (§3, §13).
  run.log.info({ integrationId: run.integration.id, instructionId, reservation: reservation.externalId, change: applied.change, stayId: applied.stayId }, `pms: stay ${applied.change}`);
}

/** Reads every page changed since `since` and applies what a mapped unit holds; answers the ids named. */
export async function readChanged(run: SyncRun, since: number): Promise<Set<string>> {
  const named = new Set<string>();
  let cursor: string | null = null;
  do {
    const page = await run.adapter.changed(run.context, since, cursor);
    for (const reservation of page.reservations) {
      named.add(reservation.externalId);
      const instructionId = run.mapped.get(reservation.unitId);
      if (instructionId) await apply(run, instructionId, reservation);
    }
    cursor = page.next;
    // A full pass may outlast one lease: renewed between pages, or the turn stops here.
    if (!(await run.lease.renew())) throw new LeaseLost(`pms: lease of ${run.integration.id} lost`);
  } while (cursor !== null);
  return named;
}

const READ_BATCH = 50;

/** The full pass's last step: stays still ahead the pass did not name, read by id; a `gone` answer removes them. */
export async function recheckUnnamed(run: SyncRun, named: Set<string>): Promise<void> {
  const guidebooks = [...new Set(run.mapped.values())];
  if (guidebooks.length === 0) return;
  const stays = await run.db
    .selectFrom('stays')
    .select(['instruction_id', 'pms_reservation_id'])
    .where('pms_integration_id', '=', run.integration.id)
    .where('instruction_id', 'in', guidebooks)
    .where('check_out', '>', run.now)
    .execute();
  const unnamed = stays.filter((stay) => stay.pms_reservation_id !== null && !named.has(stay.pms_reservation_id));
  for (let at = 0; at < unnamed.length; at += READ_BATCH) {
    const batch = unnamed.slice(at, at + READ_BATCH);
    const guidebookOf = new Map(batch.map((stay) => [stay.pms_reservation_id!, stay.instruction_id]));
    for (const reservation of await run.adapter.read(run.context, [...guidebookOf.keys()])) {
      await apply(run, guidebookOf.get(reservation.externalId)!, reservation);
    }
    if (!(await run.lease.renew())) throw new LeaseLost(`pms: lease of ${run.integration.id} lost`);
  }
}

/**
 * After the writes: the orders of moved and removed stays follow them (refunded when their slot is
 * gone), and the host is told of stays brought over others. A failure leaves the orders marked for
 * the orders' periodic turn; it never undoes the sync.
 */
export async function followUp(run: SyncRun): Promise<void> {
  const brought = [...run.after].flatMap(([instructionId, after]) => (after.touched.length > 0 ? [instructionId] : []));
  for (const [instructionId, after] of run.after) {
    try {
      await followStays(after.followUps);
      await mailOverlaps(run, { instructionId, touched: after.touched }, { system: PMS_LABELS[run.integration.system] });
    } catch (error) {
      run.log.warn({ err: error, instructionId, integrationId: run.integration.id }, 'pms: following up a sync failed, will retry');
    }
  }
  run.after.clear();
  // A booking made inside the link mail's window is mailed now rather than at the next turn (docs/decisions/029 §9).
  try {
    const { outbox, config } = await getRuntime();
    await sendDueStayLinks({ db: run.db, outbox, config, log: run.log }, Date.now(), brought);
  } catch (error) {
    run.log.warn({ err: error, integrationId: run.integration.id }, 'pms: mailing the stay links after a sync failed, the next turn will');
  }
}
