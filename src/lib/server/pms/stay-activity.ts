import type { Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { recordActivity } from '../account/record-activity.ts';
import type { PmsReservation } from './adapter.ts';
import type { Applied, ApplyTarget } from './apply-types.ts';

/**
 * The team's activity line for a stay a booking system added, took over, moved or removed
 * (docs/decisions/029-pms-connectors.md §13, decision 028 §9), written in the transaction of the
 * change. Actor `system` (the activity table's CHECK has no `pms`; §13 allows it so), the system
 * and its reservation id in the details, and **no guest field**: no name, no e-mail, no phone,
 * since a line is kept a year and a guest's details only until 30 days after check-out (§10).
 * A stay whose guest details alone changed writes none.
 */
export async function recordStayActivity(trx: Transaction<Database>, target: ApplyTarget, reservation: PmsReservation, applied: Applied, now: number): Promise<void> {
  const { change, stayId, dates, from } = applied;
  if (change === null || change === 'updated' || !dates) return;
  const common = { teamId: target.teamId, by: { actor: 'system' } as const, guidebookId: target.instructionId, subjectId: stayId, now };
  const ids = { system: target.system, reservationId: reservation.externalId };
  if (change === 'added' || change === 'takenOver') {
    await recordActivity(trx, { ...common, action: 'booking.added', details: { ...ids, channel: reservation.channel, takenOver: change === 'takenOver', ...dates } });
  } else if (change === 'moved' && from) {
    await recordActivity(trx, { ...common, action: 'booking.moved', details: { ...ids, from, to: dates } });
  } else if (change === 'removed') {
    await recordActivity(trx, { ...common, action: 'booking.cancelled', details: { ...ids, ...dates } });
  }
}
