import type { Kysely, Transaction } from 'kysely';
import type { Database, InstructionCalendarsTable } from '@db/schema.ts';
import { stayTimesOf, type StayTimes } from '@shared/time-zone.ts';
import { lockForTransaction, lockingRows, type DialectName } from '../platform/db/dialect.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import { fetchCalendar, type CalendarFetch } from './fetch-calendar.ts';
import { followStays } from '../money/orders/follow-stays.ts';
import { applyBookings, type AfterSync, type StayChanges } from './apply-bookings.ts';
import { staysLock } from './owned-stay.ts';
import { mailOverlaps } from './stay-overlap-mail.ts';

/**
 * Brings a guidebook's stays in line with its calendar feed, in one transaction
 * per sync, on both databases:
 * - a booking's UID names its stay: a new UID makes a stay (its own token), changed dates move it
 *   (same token, so the link the guest has keeps working);
 * - a UID gone from the feed, or CANCELLED, drops its stay, but only while its check-out is still
 *   ahead: feeds forget past bookings, the host keeps their history (and who viewed the code);
 * - a booking that ended before it was first seen makes no stay (there is nothing to send);
 * - a feed makes stays for at most 500 bookings in the coming 18 months (select-bookings.ts); a
 *   booking it leaves out keeps a stay made earlier as it is (up to as many again), so a feed
 *   that grows does not break links already sent;
 * - stays the host made by hand (no UID) are never touched;
 * - its stays are booked on the channel its link names (airbnb.*, booking.com…), but for those
 *   whose channel the host chose (docs/decisions/028 §10);
 * - a booking system's stays are its own: the feed knows their UIDs but never moves, drops or
 *   re-channels them, writes a new UID on the one that is the same booking rather than doubling
 *   it, and makes no stay for a UID the system cancelled (apply-bookings.ts, docs/decisions/029 §7);
 * - a failed fetch changes no stay: it records the error and the attempt, not a success.
 */
export const CALENDAR_SYNC_INTERVAL_MS = 30 * 60_000;

export interface CalendarSyncDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  log: Logger;
  config: Parameters<typeof fetchCalendar>[2];
}

/**
 * Serialises syncs and saves of one guidebook's calendar on PostgreSQL (SQLite writes one at a
 * time), then takes the guidebook's stays lock, the one every stay write by hand and every booking
 * system's write takes, so a feed and a booking system cannot both make a stay for one booking
 * (docs/decisions/029-pms-connectors.md §7). Always in this order; nothing takes the stays lock
 * first and then this one.
 */
export async function lockCalendar(trx: Transaction<Database>, dialect: DialectName, instructionId: string): Promise<InstructionCalendarsTable | undefined> {
  await lockForTransaction(trx, dialect, `calendar:${instructionId}`);
  await lockForTransaction(trx, dialect, staysLock(instructionId));
  return lockingRows(dialect, trx.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', instructionId)).executeTakeFirst();
}

/**
 * Writes a fetch's outcome for `calendar` (already locked in `trx`): the stays on success, and the
 * status either way. Returns the calendar row as written.
 */
export async function writeSyncOutcome(
  trx: Transaction<Database>,
  calendar: InstructionCalendarsTable,
  outcome: CalendarFetch,
  timeZone: string,
  now: number,
): Promise<{ row: InstructionCalendarsTable; changes: StayChanges | null; after: AfterSync | null }> {
  const applied = outcome.ok ? await applyBookings(trx, calendar, outcome.calendar, timeZone, now) : null;
  const changes = applied?.changes ?? null;
  const status = {
    last_attempt_at: now,
    last_success_at: outcome.ok ? now : calendar.last_success_at,
    last_error: outcome.ok ? null : outcome.error,
    next_sync_at: now + CALENDAR_SYNC_INTERVAL_MS,
    updated_at: now,
  };
  await trx.updateTable('instruction_calendars').set(status).where('instruction_id', '=', calendar.instruction_id).execute();
  return { row: { ...calendar, ...status }, changes, after: applied?.after ?? null };
}

/**
 * After a sync's commit: the orders of the stays it moved or dropped follow them (refunded when
 * their slot is gone), and the host is told by mail of stays it brought over others (the calendar
 * is kept as it says; the Stays view flags both, docs/product/stays.md). A failure here leaves the
 * orders marked for the orders' periodic turn; it never undoes the sync.
 */
export async function afterSync(deps: Pick<CalendarSyncDeps, 'db' | 'log'>, after: AfterSync | null): Promise<void> {
  if (!after) return;
  try {
    await followStays(after.followUps);
    await mailOverlaps(deps, after, 'calendar');
  } catch (error) {
    deps.log.warn({ err: error, instructionId: after.instructionId }, 'calendar: following up a sync failed, will retry');
  }
}

export function logSync(log: Logger, calendar: Pick<InstructionCalendarsTable, 'instruction_id' | 'url'>, outcome: CalendarFetch, changes: StayChanges | null): void {
  // The host's URL is a secret of sorts (it lists their bookings): its host only goes to the log.
  const context = { instructionId: calendar.instruction_id, host: new URL(calendar.url).host };
  if (outcome.ok) {
    const { imported, leftOut, skipped } = outcome.calendar;
    log.info({ ...context, ...changes, imported, leftOut, skipped }, leftOut > 0 ? `calendar: synced, ${leftOut} bookings left out` : 'calendar: synced');
  } else log.warn({ ...context, error: outcome.error, cause: outcome.cause }, 'calendar: sync failed, stays kept');
}

/** The guidebook's time zone ('' = UTC) and check-in and check-out times, which all-day bookings are read in. */
export async function guidebookTimes(db: Kysely<Database>, instructionId: string): Promise<{ timeZone: string; allDay: StayTimes } | null> {
  // A guidebook in the trash is not synced (docs/decisions/016-revisions-and-trash.md).
  const row = await db.selectFrom('instructions').select('data').where('id', '=', instructionId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  const content = parseStoredContent(row.data);
  return { timeZone: content.timeZone, allDay: stayTimesOf(content) };
}

/**
 * Fetches the stored calendar of a guidebook and writes the outcome; answers the row as written
 * and the outcome. Null when the calendar was removed or changed while it was being fetched (the
 * newer save wins; nothing is written).
 */
export async function syncCalendar(deps: CalendarSyncDeps, calendar: InstructionCalendarsTable): Promise<{ row: InstructionCalendarsTable; outcome: CalendarFetch } | null> {
  const where = await guidebookTimes(deps.db, calendar.instruction_id);
  if (where === null) return null;
  const outcome = await fetchCalendar(calendar.url, where.timeZone, deps.config, deps.log, where.allDay);
  const now = Date.now();
  const written = await deps.db.transaction().execute(async (trx) => {
    const current = await lockCalendar(trx, deps.dialect, calendar.instruction_id);
    if (!current || current.url !== calendar.url) return null;
    return writeSyncOutcome(trx, current, outcome, where.timeZone, now);
  });
  if (!written) return null;
  logSync(deps.log, calendar, outcome, written.changes);
  await afterSync(deps, written.after);
  return { row: written.row, outcome };
}
