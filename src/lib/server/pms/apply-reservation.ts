import type { Kysely, Transaction } from 'kysely';
import type { Database, StaysTable } from '@db/schema.ts';
import type { StayDates } from '@shared/team-activity.ts';
import { atTime, localToInstant, type StayTimes } from '@shared/time-zone.ts';
import { markOrdersToFollow } from '../money/orders/follow-stays.ts';
import { lockForTransaction, type DialectName } from '../platform/db/dialect.ts';
import { staysLock } from '../stays/owned-stay.ts';
import { theSameBooking } from '../stays/same-booking.ts';
import { newStayRow } from '../stays/stay-link.ts';
import type { PmsReservation } from './adapter.ts';
import type { Applied, ApplyTarget } from './apply-types.ts';
import { recordStayActivity } from './stay-activity.ts';
import { markStayCodes } from '../locks/mark-stay-codes.ts';

/**
 * A booking system's reservation to a stay (docs/decisions/029-pms-connectors.md §6–§8), in one
 * transaction under the guidebook's stays lock (the lock of every write by hand):
 * - booked, no stay yet: the calendar stay of the same booking is taken over (its id, link and
 *   orders kept, the PMS's ids, guest and channel added; other times are a move), else a new stay
 *   while its check-out is ahead;
 * - booked, a stay: only the fields that differ are written (the language not once the host set
 *   it, no guest field once erased); new times are a move, its orders marked to follow;
 * - gone: its stay is deleted while its check-out is ahead, its orders marked to be refunded or
 *   released, and a calendar booking it held is tombstoned until then, so the feed cannot bring it back;
 * - an answer older than what the stay holds (`pms_modified_at`) changes nothing;
 * - a stay added, taken over, moved or removed writes its activity line (stay-activity.ts).
 * The caller follows the marked orders and mails overlaps after the commit (sync-integration.ts).
 */
export interface GuidebookTimes {
  timeZone: string;
  allDay: StayTimes;
}

const NOTHING: Applied = { change: null, stayId: null, touched: false, followUps: [] };
const datesOf = (stay: StaysTable): StayDates => ({ checkIn: stay.check_in, checkOut: stay.check_out });

/** The reservation's times in the guidebook's zone: its own when given, else the guidebook's usual ones; null when they make no stay. */
export function reservationTimes(reservation: PmsReservation, where: GuidebookTimes): { checkIn: number; checkOut: number } | null {
  const checkIn = localToInstant(atTime(reservation.arrival, reservation.arrivalTime ?? where.allDay.checkIn), where.timeZone);
  const checkOut = localToInstant(atTime(reservation.departure, reservation.departureTime ?? where.allDay.checkOut), where.timeZone);
  return checkIn === null || checkOut === null || checkOut <= checkIn ? null : { checkIn, checkOut };
}

/** The guest's fields as the system has them; none once the stay's guest data was erased. */
function guestFields(reservation: PmsReservation, stay: StaysTable | null): Partial<StaysTable> {
  if (stay && stay.guest_data_erased_at !== null) return {};
  const { name, email, phone, language, count } = reservation.guest;
  return {
    // A taken-over calendar stay keeps what the host typed where the system has nothing.
    guest_name: name || (stay?.guest_name ?? ''),
    guest_email: email || (stay?.guest_email ?? ''),
    guest_phone: phone,
    guest_count: count,
    ...(stay?.language_set_by_host === 1 ? {} : { language }),
  };
}

/** The fields of `next` that differ from `stay`. */
function differing(stay: StaysTable, next: Partial<StaysTable>): Partial<StaysTable> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => stay[key as keyof StaysTable] !== value)) as Partial<StaysTable>;
}

async function removeStay(trx: Transaction<Database>, stay: StaysTable, now: number): Promise<Applied> {
  if (stay.check_out <= now) return NOTHING; // history, as a calendar's past stays
  const followUps = await markOrdersToFollow(trx, [stay.id], 'gone', { now });
  await markStayCodes(trx, [stay.id], { gone: true, now });
  await trx.deleteFrom('stays').where('id', '=', stay.id).execute();
  if (stay.calendar_uid !== null) {
    await trx
      .insertInto('calendar_tombstones')
      .values({ instruction_id: stay.instruction_id, calendar_uid: stay.calendar_uid, until: stay.check_out })
      .onConflict((conflict) => conflict.columns(['instruction_id', 'calendar_uid']).doUpdateSet({ until: stay.check_out }))
      .execute();
  }
  return { change: 'removed', stayId: stay.id, touched: false, followUps, dates: datesOf(stay) };
}

async function updateStay(trx: Transaction<Database>, stay: StaysTable, reservation: PmsReservation, times: { checkIn: number; checkOut: number }, now: number, takeOver: ApplyTarget | null): Promise<Applied> {
  const next: Partial<StaysTable> = {
    ...guestFields(reservation, stay),
    channel: reservation.channel,
    check_in: times.checkIn,
    check_out: times.checkOut,
    ...(takeOver ? { pms_integration_id: takeOver.integrationId, pms_reservation_id: reservation.externalId } : {}),
  };
  const changes = differing(stay, next);
  if (Object.keys(changes).length === 0) return NOTHING;
  const moved = changes.check_in !== undefined || changes.check_out !== undefined;
  await trx
    .updateTable('stays')
    .set({ ...changes, pms_modified_at: reservation.modifiedAt ?? stay.pms_modified_at, updated_at: now })
    .where('id', '=', stay.id)
    .execute();
  const followUps = moved ? await markOrdersToFollow(trx, [stay.id], 'moved', { now }) : [];
  if (moved) await markStayCodes(trx, [stay.id], { now });
  // A stay adopted again after a disconnect is no take-over from the calendar.
  const takenOver = takeOver !== null && stay.pms_reservation_id !== reservation.externalId;
  return { change: takenOver ? 'takenOver' : moved ? 'moved' : 'updated', stayId: stay.id, touched: moved || takeOver !== null, followUps, dates: times, from: datesOf(stay) };
}

async function addStay(trx: Transaction<Database>, target: ApplyTarget, reservation: PmsReservation, times: { checkIn: number; checkOut: number }, where: GuidebookTimes, now: number): Promise<Applied> {
  // The stay this reservation made before its system was disconnected (it kept the reservation's
  // id, integrations.ts): adopted again, not doubled.
  const earlier = await trx
    .selectFrom('stays')
    .selectAll()
    .where('instruction_id', '=', target.instructionId)
    .where('pms_integration_id', 'is', null)
    .where('pms_reservation_id', '=', reservation.externalId)
    .executeTakeFirst();
  if (earlier) return updateStay(trx, earlier, reservation, times, now, target);
  // §7: the calendar stay of this booking (a feed's, no booking system's now) is taken over.
  const candidates = await trx
    .selectFrom('stays')
    .selectAll()
    .where('instruction_id', '=', target.instructionId)
    .where('calendar_uid', 'is not', null)
    .where('pms_integration_id', 'is', null)
    .where('check_out', '>', now)
    .execute();
  const booking = { checkIn: times.checkIn, checkOut: times.checkOut, channel: reservation.channel };
  const same = theSameBooking(
    candidates.map((stay) => ({ stay, checkIn: stay.check_in, checkOut: stay.check_out, channel: stay.channel })),
    booking,
    where.timeZone,
  );
  if (same) return updateStay(trx, same.stay, reservation, times, now, target);
  const row = newStayRow(
    {
      instruction_id: target.instructionId,
      user_id: target.userId,
      team_id: target.teamId,
      guest_name: '',
      guest_email: '',
      language: '',
      check_in: times.checkIn,
      check_out: times.checkOut,
      calendar_uid: null,
      channel: reservation.channel,
      channel_set_by_host: 0,
    },
    now,
  );
  await trx
    .insertInto('stays')
    .values({ ...row, ...guestFields(reservation, null), pms_integration_id: target.integrationId, pms_reservation_id: reservation.externalId, pms_modified_at: reservation.modifiedAt })
    .execute();
  await markStayCodes(trx, [row.id], { now });
  return { change: 'added', stayId: row.id, touched: true, followUps: [], dates: times };
}

/** Applies one reservation of a mapped unit, with its activity line in the same transaction; answers what changed. `where` null: the guidebook is in the trash, nothing is read. */
export async function applyReservation(db: Kysely<Database>, dialect: DialectName, target: ApplyTarget, reservation: PmsReservation, where: GuidebookTimes | null, now = Date.now()): Promise<Applied> {
  if (where === null) return NOTHING;
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(target.instructionId));
    const applied = await decide(trx, target, reservation, where, now);
    await recordStayActivity(trx, target, reservation, applied, now);
    return applied;
  });
}

async function decide(trx: Transaction<Database>, target: ApplyTarget, reservation: PmsReservation, where: GuidebookTimes, now: number): Promise<Applied> {
  const stay = await trx.selectFrom('stays').selectAll().where('pms_integration_id', '=', target.integrationId).where('pms_reservation_id', '=', reservation.externalId).executeTakeFirst();
  // An answer older than the one the stay holds (a replica behind, a page read before a change).
  if (stay && reservation.modifiedAt !== null && stay.pms_modified_at !== null && reservation.modifiedAt < stay.pms_modified_at) return NOTHING;
  // A stay mapped to another guidebook since: its own guidebook's lock is not held here.
  if (stay && stay.instruction_id !== target.instructionId) return NOTHING;
  if (reservation.state === 'gone') return stay ? removeStay(trx, stay, now) : NOTHING;
  const times = reservationTimes(reservation, where);
  if (times === null) return NOTHING;
  if (stay) return updateStay(trx, stay, reservation, times, now, null);
  // Ended before it was first seen: there is nothing to send.
  return times.checkOut > now ? addStay(trx, target, reservation, times, where, now) : NOTHING;
}
