import { messages } from '@shared/messages.ts';
import type { Stay, UpdateStayInput } from '@shared/schemas/stay.ts';
import { instantToLocal } from '@shared/time-zone.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { followStays, markOrdersToFollow, type FollowOutcome } from '../money/orders/follow-stays.ts';
import { ordersOfStays } from '../money/orders/stay-orders.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { overlapsOf, refuseOverlap } from './stay-overlaps.ts';
import { stayNotFound } from './stay-errors.ts';
import { stayInstants } from './stay-instants.ts';
import { refusePmsFields, withPmsSystem } from './pms-stays.ts';
import { toStay } from './to-stay.ts';
import { type Owned, ownedGuidebook, ownedStay, staysLock } from './owned-stay.ts';
import { markStayCodes } from '../locks/mark-stay-codes.ts';

/**
 * PATCH /api/instruction/:id/stays/:stayId: the fields sent; a calendar stay's dates belong to
 * the calendar, its channel to the host once they set it. New dates are checked for overlaps like a new stay's, and the stay's orders follow
 * them (extras/follow-stays.ts): a late check-out moves to the new check-out day when that slot is
 * free, else it ends with its money given back; `orders` says what became of each.
 */
export async function updateStay(scope: Owned & { stayId: string }, input: UpdateStayInput): Promise<{ stay: Stay; orders: FollowOutcome[] }> {
  const { timeZone, times: usual } = await ownedGuidebook(scope);
  const before = await ownedStay(scope);
  const datesSent = input.checkIn !== undefined || input.checkOut !== undefined;
  const { db, dialect, config } = await getRuntime();
  const times = datesSent
    ? stayInstants(input.checkIn ?? instantToLocal(before.check_in, timeZone), input.checkOut ?? instantToLocal(before.check_out, timeZone), timeZone, usual)
    : { checkIn: before.check_in, checkOut: before.check_out };
  const moved = times.checkIn !== before.check_in || times.checkOut !== before.check_out;
  // A booking system's stay: what it says is refused when it differs (a dialog sends every field).
  const differs = (sent: string | undefined, stored: string) => sent !== undefined && sent.trim() !== stored;
  await refusePmsFields(db, before, { dates: moved, channel: differs(input.channel, before.channel), name: differs(input.guestName, before.guest_name), email: differs(input.guestEmail?.toLowerCase(), before.guest_email) });
  if (datesSent && before.calendar_uid !== null) throw new AppError('CONFLICT', messages.stays.fromCalendar);
  const now = Date.now();
  await consumeRateLimits([rateRules.stayWriteUser(scope.access.teamId)], now, messages.stays.tooManyWrites);
  const { updated, marked } = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    const next = { ...before, check_in: times.checkIn, check_out: times.checkOut };
    const accepted = moved && (await refuseOverlap(trx, scope.id, next, timeZone, input.allowOverlap === true));
    const row = await trx
      .updateTable('stays')
      .set({
        guest_name: input.guestName ?? before.guest_name,
        guest_email: input.guestEmail ?? before.guest_email,
        language: input.language ?? before.language,
        // The host's language outlasts the booking system's (pms/apply-reservation.ts keeps it).
        ...(input.language === undefined || input.language === before.language ? {} : { language_set_by_host: 1 }),
        host_note: input.hostNote ?? before.host_note,
        // The host's word on the channel outlasts the calendar's (sync-calendar.ts keeps it).
        ...(input.channel === undefined ? {} : { channel: input.channel, channel_set_by_host: 1 }),
        check_in: times.checkIn,
        check_out: times.checkOut,
        ...(accepted ? { overlap_accepted_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', scope.stayId)
      .where('team_id', '=', scope.access.teamId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw stayNotFound();
    if (moved) await markStayCodes(trx, [row.id], { now });
    const line = { teamId: scope.access.teamId, by: memberActor(scope.access), guidebookId: scope.id, subjectId: row.id, now };
    if (moved) await recordActivity(trx, { ...line, action: 'stay.moved', details: { guestName: row.guest_name, from: { checkIn: before.check_in, checkOut: before.check_out }, to: { checkIn: row.check_in, checkOut: row.check_out } } });
    if (row.channel !== before.channel) await recordActivity(trx, { ...line, action: 'stay.channel', details: { guestName: row.guest_name, from: before.channel, to: row.channel } });
    return { updated: row, marked: moved ? await markOrdersToFollow(trx, [row.id], 'moved') : [] };
  });
  const orders = await followStays(marked, now);
  const after = await withPmsSystem(db, (await db.selectFrom('stays').selectAll().where('id', '=', updated.id).executeTakeFirst()) ?? updated);
  const [held, overlaps] = await Promise.all([ordersOfStays(db, [after.id]), overlapsOf(db, scope.id, [after])]);
  return { stay: toStay(after, timeZone, config, now, held.get(after.id), [], overlaps.get(after.id)), orders };
}
