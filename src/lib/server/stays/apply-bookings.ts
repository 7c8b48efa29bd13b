import type { Transaction } from 'kysely';
import type { Database, InstructionCalendarsTable, StaysTable } from '@db/schema.ts';
import { feedChannel, type Channel } from '@shared/channels.ts';
import { markOrdersToFollow } from '../money/orders/follow-stays.ts';
import { theSameBooking } from './same-booking.ts';
import { MAX_CALENDAR_BOOKINGS, type CalendarImport } from './select-bookings.ts';
import type { CalendarBooking } from './parse-calendar.ts';
import { newStayRow } from './stay-link.ts';
import { markStayCodes } from '../locks/mark-stay-codes.ts';

const INSERT_CHUNK = 200;
const DAY_MS = 86_400_000;

export interface StayChanges {
  created: number;
  moved: number;
  dropped: number;
  /** Stays a booking system made that the feed's UID was written on (docs/decisions/029-pms-connectors.md §7). */
  joined: number;
}

/** What a sync changed that must be seen to after its commit: the stays it made or moved (overlaps), and the orders that must follow their stay. */
export interface AfterSync {
  instructionId: string;
  touched: string[];
  followUps: string[];
}

interface PmsCandidate {
  id: string;
  checkIn: number;
  checkOut: number;
  channel: Channel;
}

/**
 * What the feed's new UIDs meet (docs/decisions/029-pms-connectors.md §7), read once per sync and
 * only when the feed brings a UID no stay holds: the UIDs a booking system cancelled whose
 * tombstone has not expired, and the booking system's stays of the guidebook no UID names yet,
 * ending less than two days ago or later (a check-out of the same day may be past on one side only).
 */
async function whatNewUidsMeet(trx: Transaction<Database>, instructionId: string, now: number): Promise<{ tombstoned: Set<string>; candidates: PmsCandidate[] }> {
  const tombstones = await trx.selectFrom('calendar_tombstones').select('calendar_uid').where('instruction_id', '=', instructionId).where('until', '>', now).execute();
  const rows = await trx
    .selectFrom('stays')
    .select(['id', 'check_in', 'check_out', 'channel'])
    .where('instruction_id', '=', instructionId)
    .where('check_out', '>', now - 2 * DAY_MS)
    .where('calendar_uid', 'is', null)
    .where('pms_reservation_id', 'is not', null)
    .execute();
  return {
    tombstoned: new Set(tombstones.map((row) => row.calendar_uid)),
    candidates: rows.map((row) => ({ id: row.id, checkIn: row.check_in, checkOut: row.check_out, channel: row.channel })),
  };
}

/**
 * The stays of a guidebook brought in line with its feed (sync-calendar.ts says the rules), in the
 * sync's transaction, under its calendar and stays locks. A booking system's stay (one with a
 * `pms_integration_id`) is the system's: its UID is known, so the feed makes no second stay for
 * it, but the feed never moves, drops or re-channels it. A new UID first looks for the one stay
 * a booking system brought (a `pms_reservation_id`, kept after a disconnect) that is the same
 * booking (`theSameBooking`) and no UID names; finding it, the UID is written on it and no stay is
 * made (a disconnected system's stay so goes back to the feed). A UID the booking system cancelled (its tombstone
 * not expired) makes no stay.
 */
export async function applyBookings(
  trx: Transaction<Database>,
  calendar: InstructionCalendarsTable,
  feed: CalendarImport,
  timeZone: string,
  now: number,
): Promise<{ changes: StayChanges; after: AfterSync }> {
  const changes: StayChanges = { created: 0, moved: 0, dropped: 0, joined: 0 };
  const movedIds: string[] = [];
  const existing = await trx
    .selectFrom('stays')
    .select(['id', 'calendar_uid', 'check_in', 'check_out', 'pms_integration_id'])
    .where('instruction_id', '=', calendar.instruction_id)
    .where('calendar_uid', 'is not', null)
    .execute();
  const channel = feedChannel(calendar.url);
  await trx
    .updateTable('stays')
    .set({ channel, updated_at: now })
    .where('instruction_id', '=', calendar.instruction_id)
    .where('calendar_uid', 'is not', null)
    .where('pms_integration_id', 'is', null)
    .where('channel_set_by_host', '=', 0)
    .where('channel', '<>', channel)
    .execute();
  const byUid = new Map(existing.map((stay) => [stay.calendar_uid!, stay]));
  const applied = new Set<string>();
  const newBookings: CalendarBooking[] = [];
  for (const booking of feed.bookings) {
    applied.add(booking.uid);
    const stay = byUid.get(booking.uid);
    if (!stay) {
      if (booking.checkOut > now) newBookings.push(booking);
    } else if (stay.pms_integration_id === null && (stay.check_in !== booking.checkIn || stay.check_out !== booking.checkOut)) {
      await trx.updateTable('stays').set({ check_in: booking.checkIn, check_out: booking.checkOut, updated_at: now }).where('id', '=', stay.id).execute();
      movedIds.push(stay.id);
      changes.moved += 1;
    }
  }
  const fresh = await placeNewBookings(trx, calendar, newBookings, channel, timeZone, now, changes);
  for (let at = 0; at < fresh.length; at += INSERT_CHUNK) {
    await trx.insertInto('stays').values(fresh.slice(at, at + INSERT_CHUNK)).execute();
  }
  changes.created = fresh.length;
  // Still booked but left out: kept as they are, the earliest MAX_CALENDAR_BOOKINGS of them. A booking system's stays are never the feed's to drop.
  const others = new Set(feed.otherUids);
  const ahead = existing.filter((stay) => stay.check_out > now && stay.pms_integration_id === null && !applied.has(stay.calendar_uid!));
  const leftAlone = ahead.filter((stay) => others.has(stay.calendar_uid!)).sort((a, b) => a.check_in - b.check_in);
  const gone = [...ahead.filter((stay) => !others.has(stay.calendar_uid!)), ...leftAlone.slice(MAX_CALENDAR_BOOKINGS)].map((stay) => stay.id);
  // Orders follow their stay (money/orders/follow-stays.ts): marked here, beside the change, and followed after the commit.
  const followUps: string[] = [];
  // A stay's door code follows it too (locks/mark-stay-codes.ts), in this transaction.
  for (let at = 0; at < fresh.length; at += INSERT_CHUNK) await markStayCodes(trx, fresh.slice(at, at + INSERT_CHUNK).map((stay) => stay.id), { now });
  for (let at = 0; at < movedIds.length; at += INSERT_CHUNK) await markStayCodes(trx, movedIds.slice(at, at + INSERT_CHUNK), { now });
  for (let at = 0; at < movedIds.length; at += INSERT_CHUNK) followUps.push(...(await markOrdersToFollow(trx, movedIds.slice(at, at + INSERT_CHUNK), 'moved')));
  for (let at = 0; at < gone.length; at += INSERT_CHUNK) {
    followUps.push(...(await markOrdersToFollow(trx, gone.slice(at, at + INSERT_CHUNK), 'gone')));
    await markStayCodes(trx, gone.slice(at, at + INSERT_CHUNK), { gone: true, now });
    await trx.deleteFrom('stays').where('id', 'in', gone.slice(at, at + INSERT_CHUNK)).execute();
  }
  changes.dropped = gone.length;
  return { changes, after: { instructionId: calendar.instruction_id, touched: [...fresh.map((stay) => stay.id), ...movedIds], followUps } };
}

/** The rows to insert for bookings no stay holds: none for a tombstoned UID, none for one a booking system's stay takes (its UID written on that stay). */
async function placeNewBookings(
  trx: Transaction<Database>,
  calendar: InstructionCalendarsTable,
  bookings: CalendarBooking[],
  channel: Channel,
  timeZone: string,
  now: number,
  changes: StayChanges,
): Promise<StaysTable[]> {
  if (bookings.length === 0) return [];
  const { tombstoned, candidates } = await whatNewUidsMeet(trx, calendar.instruction_id, now);
  const fresh: StaysTable[] = [];
  for (const booking of bookings) {
    if (tombstoned.has(booking.uid)) continue;
    // Near in time first (plain numbers), then the same dates in the guidebook's zone.
    const near = candidates.filter((candidate) => Math.abs(candidate.checkIn - booking.checkIn) < 2 * DAY_MS);
    const same = near.length === 0 ? null : theSameBooking(near, { checkIn: booking.checkIn, checkOut: booking.checkOut, channel }, timeZone);
    if (same) {
      await trx.updateTable('stays').set({ calendar_uid: booking.uid, updated_at: now }).where('id', '=', same.id).where('calendar_uid', 'is', null).execute();
      candidates.splice(candidates.indexOf(same), 1);
      changes.joined += 1;
      continue;
    }
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
  return fresh;
}
