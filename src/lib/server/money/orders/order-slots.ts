import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable, StaysTable } from '@db/schema.ts';
import { HOLDING_STATUSES } from '@shared/schemas/order.ts';
import { teamContactEmail } from '../../account/team-contact.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { effectiveStayTimes, type HeldOrder, type StayTimes } from './availability.ts';
import { notifyOrder } from './notify-order.ts';
import { hostOrderEndedMail, type HostEndedReason } from './host-order-mails.ts';
import type { ActivityBy } from '@shared/team-activity.ts';
import type { GuestOrderMail } from './order-mails.ts';
import { changeOrderStatus, type OrderEvent } from './order-transitions.ts';
import { markStayCodes } from '../../locks/mark-stay-codes.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The key that serialises the order writes of one guidebook. */
export const ordersLock = (guidebookId: string) => `orders:${guidebookId}`;

export const stayTimesOf = (stay: StaysTable): StayTimes => ({ id: stay.id, ...effectiveStayTimes(stay) });

/**
 * What the guidebook's other stays and this stay's held orders are, read in `db` (a transaction when
 * deciding). `exceptOrder` leaves one order out of the held ones: a payment re-checking its own slot
 * must not find itself in the way.
 */
export async function slotFacts(db: Db, stay: Pick<StaysTable, 'id' | 'instruction_id' | 'check_in' | 'check_out'>, exceptOrder?: string): Promise<{ others: StayTimes[]; held: HeldOrder[] }> {
  let heldQuery = db.selectFrom('orders').select(['extra_id', 'quantity', 'status']).where('stay_id', '=', stay.id).where('status', 'in', HOLDING_STATUSES);
  if (exceptOrder) heldQuery = heldQuery.where('id', '!=', exceptOrder);
  const [others, held] = await Promise.all([
    db
      .selectFrom('stays')
      .select(['id', 'check_in', 'check_out', 'early_checkin_from', 'late_checkout_until'])
      .where('instruction_id', '=', stay.instruction_id)
      .where('id', '!=', stay.id)
      // Only stays that touch this one's first or last day matter.
      .where('check_out', '>=', stay.check_in - 86_400_000)
      .where('check_in', '<=', stay.check_out + 86_400_000)
      .execute(),
    heldQuery.execute(),
  ]);
  return {
    others: others.map((row) => ({ id: row.id, ...effectiveStayTimes(row) })),
    held: held.map((row) => ({ extraId: row.extra_id, quantity: row.quantity, confirmed: row.status === 'approved' || row.status === 'paid' })),
  };
}

/** A late check-out or early check-in takes effect: the stay's door-code window and link follow. */
export async function moveStay(trx: Db, order: Pick<OrdersTable, 'kind' | 'moves_to'>, stayId: string, now: number): Promise<void> {
  if (order.moves_to === null || order.kind === 'item') return;
  await trx
    .updateTable('stays')
    .set(order.kind === 'late-checkout' ? { late_checkout_until: order.moves_to, updated_at: now } : { early_checkin_from: order.moves_to, updated_at: now })
    .where('id', '=', stayId)
    .execute();
  await markStayCodes(trx, [stayId], { now });
}

/**
 * A refunded late check-out or early check-in gives its time back: the stay returns to its booked
 * check-out or check-in, unless something else (a later order, the host) has moved it since.
 * Answers whether it moved.
 */
export async function unmoveStay(trx: Db, order: Pick<OrdersTable, 'kind' | 'moves_to' | 'stay_id'>, now: number): Promise<boolean> {
  if (order.moves_to === null || order.kind === 'item' || order.stay_id === null) return false;
  const column = order.kind === 'late-checkout' ? 'late_checkout_until' : 'early_checkin_from';
  const result = await trx.updateTable('stays').set({ [column]: null, updated_at: now }).where('id', '=', order.stay_id).where(column, '=', order.moves_to).executeTakeFirst();
  await markStayCodes(trx, [order.stay_id], { now });
  return result.numUpdatedRows > 0n;
}

/**
 * An order ends by `event` (order-transitions.ts) after Stripe already agrees (refunded,
 * released): under the guidebook's orders lock, by the table's compare-and-set, the guest mailed
 * `guest` and the host `host` (hostOrderEndedMail's reasons). Answers the order as written, or null
 * when the table has no such move for it now (another step came first).
 */
export async function closeOrder(order: OrdersTable, event: Exclude<OrderEvent, 'ask'>, now: number, { guest, host, by }: { guest: GuestOrderMail; host?: HostEndedReason; by: ActivityBy }): Promise<OrdersTable | null> {
  const { db, dialect, outbox } = await getRuntime();
  const closed = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const updated = await changeOrderStatus(trx, order, event, { now, by });
    if (!updated) return null;
    const { data } = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(data);
    const hostMail = host ? hostOrderEndedMail({ order: updated, content, hostEmail: await teamContactEmail(trx, order.team_id), why: host }) : undefined;
    await notifyOrder(trx, { order: updated, content, guest, host: hostMail, now });
    return updated;
  });
  if (closed) outbox.kick();
  return closed;
}
