import { messages } from '@shared/messages.ts';
import { MAX_STAYS_AHEAD, type CreateStayInput, type Stay } from '@shared/schemas/stay.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { overlapsOf, refuseOverlap } from './stay-overlaps.ts';
import { newStayRow } from './stay-link.ts';
import { stayInstants } from './stay-instants.ts';
import { toStay } from './to-stay.ts';
import { type Owned, ownedGuidebook, staysLock } from './owned-stay.ts';
import { markStayCodes } from '../locks/mark-stay-codes.ts';

/**
 * POST /api/instruction/:id/stays. Allowed on any plan: a stay changes no guidebook content. One
 * property holds one stay at a time: a stay over another (stay-overlaps.ts) is refused with 409
 * naming it, unless the host confirms (`allowOverlap`, recorded). Checked and written in one
 * transaction under the guidebook's stays lock, so two overlapping stays added at once cannot
 * both pass.
 */
export async function createStay(scope: Owned, input: CreateStayInput & { checkIn: string; checkOut: string }): Promise<Stay> {
  const { timeZone, times: usual } = await ownedGuidebook(scope);
  const times = stayInstants(input.checkIn, input.checkOut, timeZone, usual);
  const now = Date.now();
  await consumeRateLimits([rateRules.stayWriteUser(scope.access.teamId)], now, messages.stays.tooManyWrites);
  const { db, dialect, config, log } = await getRuntime();
  const row = newStayRow(
    {
      instruction_id: scope.id,
      user_id: scope.access.userId,
      team_id: scope.access.teamId,
      guest_name: input.guestName ?? '',
      guest_email: input.guestEmail ?? '',
      language: input.language ?? '',
      check_in: times.checkIn,
      check_out: times.checkOut,
      calendar_uid: null,
      // By hand: booked direct unless the host says where (docs/decisions/028 §10).
      channel: input.channel ?? 'direct',
      channel_set_by_host: input.channel === undefined ? 0 : 1,
    },
    now,
  );
  const overlaps = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    // Stays by hand only: a calendar's and a booking system's are bounded where they are read.
    const ahead = await trx.selectFrom('stays').select((eb) => eb.fn.countAll<number>().as('count')).where('instruction_id', '=', scope.id).where('calendar_uid', 'is', null).where('pms_reservation_id', 'is', null).where('check_out', '>', now).executeTakeFirstOrThrow();
    if (Number(ahead.count) >= MAX_STAYS_AHEAD) throw new AppError('CONFLICT', messages.stays.tooManyAhead(MAX_STAYS_AHEAD));
    if (await refuseOverlap(trx, scope.id, row, timeZone, input.allowOverlap === true)) row.overlap_accepted_at = now;
    await trx.insertInto('stays').values(row).execute();
    await markStayCodes(trx, [row.id], { now });
    await recordActivity(trx, { teamId: scope.access.teamId, by: memberActor(scope.access), action: 'stay.added', guidebookId: scope.id, subjectId: row.id, details: { guestName: row.guest_name, channel: row.channel, checkIn: row.check_in, checkOut: row.check_out }, now });
    return overlapsOf(trx, scope.id, [row]);
  });
  log.info({ teamId: scope.access.teamId, instructionId: scope.id, stayId: row.id, overlapAccepted: row.overlap_accepted_at !== null }, 'stays: created');
  return toStay(row, timeZone, config, now, [], [], overlaps.get(row.id));
}
