import { messages } from '@shared/messages.ts';
import type { StayOrdersChoice } from '@shared/schemas/stay.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { AppError } from '../http/app-error.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { getRuntime } from '../platform/runtime.ts';
import { followStays, markOrdersToFollow, ordersHeldBy } from '../money/orders/follow-stays.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { refusePmsDelete } from './pms-stays.ts';
import { stayNotFound } from './stay-errors.ts';
import { type Owned, ownedStay, staysLock } from './owned-stay.ts';
import { markStayCodes } from '../locks/mark-stay-codes.ts';

/**
 * DELETE /api/instruction/:id/stays/:stayId: the link answers 404 from now on (stay pages are never
 * stored). A stay with orders paid or waiting is deleted only once the host says what becomes of
 * them (`orders`): `refund` ends them all with the money given back, `keep` keeps what was paid or
 * approved and ends only what waits; without it, 409 listing them. Ended orders mail both sides
 * (extras/follow-stays.ts). Answers how many orders ended.
 */
export async function deleteStay(scope: Owned & { stayId: string; orders?: StayOrdersChoice | undefined }): Promise<{ ended: number }> {
  await findTeamGuidebook(scope);
  const { db, dialect } = await getRuntime();
  const stay = await ownedStay(scope);
  await refusePmsDelete(db, stay);
  const held = await ordersHeldBy(db, [stay.id]);
  if (held.length > 0 && !scope.orders) {
    throw new AppError('CONFLICT', messages.stays.hasOrders(held.length), { details: { orders: held.map((order) => ({ id: order.id, title: order.title, status: order.status, amount: order.amount, currency: order.currency, paid: order.payment_intent_id !== null })) } });
  }
  const marked = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    const ids = await markOrdersToFollow(trx, [stay.id], 'gone', { keepPaid: scope.orders === 'keep' });
    await markStayCodes(trx, [stay.id], { gone: true });
    const deleted = await trx.deleteFrom('stays').where('id', '=', scope.stayId).where('instruction_id', '=', scope.id).where('team_id', '=', scope.access.teamId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw stayNotFound();
    await recordActivity(trx, { teamId: scope.access.teamId, by: memberActor(scope.access), action: 'stay.deleted', guidebookId: scope.id, subjectId: stay.id, details: { guestName: stay.guest_name, checkIn: stay.check_in, checkOut: stay.check_out, orders: scope.orders ?? null } });
    return ids;
  });
  const outcomes = await followStays(marked);
  return { ended: outcomes.filter((outcome) => outcome.outcome === 'ended').length };
}
