import type { Kysely, Transaction } from 'kysely';
import type { Database, InstructionCalendarsTable, StaysTable } from '@db/schema.ts';
import { feedChannel } from '@shared/channels.ts';
import { stayTimesOf, type StayTimes } from '@shared/time-zone.ts';
import { lockForTransaction, lockingRows, type DialectName } from '../platform/db/dialect.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import { fetchCalendar, type CalendarFetch } from './fetch-calendar.ts';
import { MAX_CALENDAR_BOOKINGS, type CalendarImport } from './select-bookings.ts';
import { followStays, markOrdersToFollow } from '../money/orders/follow-stays.ts';
import { mailOverlaps } from './stay-overlap-mail.ts';
import { newStayRow } from './stay-link.ts';

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
 * - a failed fetch changes no stay: it records the error and the attempt, not a success.
 */
export const CALENDAR_SYNC_INTERVAL_MS = 30 * 60_000;
const INSERT_CHUNK = 200;

export interface CalendarSyncDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  log: Logger;
  config: Parameters<typeof fetchCalendar>[2];
}

export interface StayChanges {
  created: number;
  moved: number;
  dropped: number;
}

/** Serialises syncs and saves of one guidebook's calendar on PostgreSQL (SQLite writes one at a time). */
export async function lockCalendar(trx: Transaction<Database>, dialect: DialectName, instructionId: string): Promise<InstructionCalendarsTable | undefined> {
  await lockForTransaction(trx, dialect, `calendar:${instructionId}`);
  return lockingRows(dialect, trx.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', instructionId)).executeTakeFirst();
}

/** What a sync changed that must be seen to after its commit: the stays it made or moved (overlaps), and the orders that must follow their stay. */
export interface AfterSync {
  instructionId: string;
  touched: string[];
  followUps: string[];
}

async function applyBookings(trx: Transaction<Database>, calendar: InstructionCalendarsTable, feed: CalendarImport, now: number): Promise<{ changes: StayChanges; after: AfterSync }> {
  const changes: StayChanges = { created: 0, moved: 0, dropped: 0 };
  const movedIds: string[] = [];
  const existing = await trx
    .selectFrom('stays')
    .select(['id', 'calendar_uid', 'check_in', 'check_out'])
    .where('instruction_id', '=', calendar.instruction_id)
    .where('calendar_uid', 'is not', null)
    .execute();
  const channel = feedChannel(calendar.url);
  await trx
    .updateTable('stays')
    .set({ channel, updated_at: now })
    .where('instruction_id', '=', calendar.instruction_id)
    .where('calendar_uid', 'is not', null)
    .where('channel_set_by_host', '=', 0)
    .where('channel', '<>', channel)
    .execute();
  const byUid = new Map(existing.map((stay) => [stay.calendar_uid!, stay]));
  const applied = new Set<string>();
  const fresh: StaysTable[] = [];
  for (const booking of feed.bookings) {
    applied.add(booking.uid);
    const stay = byUid.get(booking.uid);
    if (stay) {
      if (stay.check_in === booking.checkIn && stay.check_out === booking.checkOut) continue;
      await trx.updateTable('stays').set({ check_in: booking.checkIn, check_out: booking.checkOut, updated_at: now }).where('id', '=', stay.id).execute();
      movedIds.push(stay.id);
      changes.moved += 1;
    } else if (booking.checkOut > now) {
      fresh.push(
        newStayRow(
          {
            instruction_id: calendar.instruction_id,
            user_id: calendar.user_id,
            team_id: calendar.team_id,
            guest_name: '', // feeds do not carry it reliably; the host may add it
            guest_email: '',
            language: '',
            check_in: booking.checkIn,
            check_out: booking.checkOut,
            calendar_uid: booking.uid,
            channel,
            channel_set_by_host: 0,
          },
          now,
        ),
      );
    }
  }
  for (let at = 0; at < fresh.length; at += INSERT_CHUNK) {
    await trx.insertInto('stays').values(fresh.slice(at, at + INSERT_CHUNK)).execute();
  }
  changes.created = fresh.length;
  // Still booked but left out: kept as they are, the earliest MAX_CALENDAR_BOOKINGS of them.
  const others = new Set(feed.otherUids);
  const ahead = existing.filter((stay) => stay.check_out > now && !applied.has(stay.calendar_uid!));
  const leftAlone = ahead.filter((stay) => others.has(stay.calendar_uid!)).sort((a, b) => a.check_in - b.check_in);
  const gone = [...ahead.filter((stay) => !others.has(stay.calendar_uid!)), ...leftAlone.slice(MAX_CALENDAR_BOOKINGS)].map((stay) => stay.id);
  // Orders follow their stay (money/orders/follow-stays.ts): marked here, beside the change, and followed after the commit.
  const followUps: string[] = [];
  for (let at = 0; at < movedIds.length; at += INSERT_CHUNK) followUps.push(...(await markOrdersToFollow(trx, movedIds.slice(at, at + INSERT_CHUNK), 'moved')));
  for (let at = 0; at < gone.length; at += INSERT_CHUNK) {
    followUps.push(...(await markOrdersToFollow(trx, gone.slice(at, at + INSERT_CHUNK), 'gone')));
    await trx.deleteFrom('stays').where('id', 'in', gone.slice(at, at + INSERT_CHUNK)).execute();
  }
  changes.dropped = gone.length;
  return { changes, after: { instructionId: calendar.instruction_id, touched: [...fresh.map((stay) => stay.id), ...movedIds], followUps } };
}

/**
 * Writes a fetch's outcome for `calendar` (already locked in `trx`): the stays on success, and the
 * status either way. Returns the calendar row as written.
 */
export async function writeSyncOutcome(trx: Transaction<Database>, calendar: InstructionCalendarsTable, outcome: CalendarFetch, now: number): Promise<{ row: InstructionCalendarsTable; changes: StayChanges | null; after: AfterSync | null }> {
  const applied = outcome.ok ? await applyBookings(trx, calendar, outcome.calendar, now) : null;
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
    return writeSyncOutcome(trx, current, outcome, now);
  });
  if (!written) return null;
  logSync(deps.log, calendar, outcome, written.changes);
  await afterSync(deps, written.after);
  return { row: written.row, outcome };
}
