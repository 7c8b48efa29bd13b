import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable } from '@db/schema.ts';
import { HOLDING_STATUSES, type OrderStatus } from '@shared/schemas/order.ts';
import { instantToLocal, localToInstant } from '@shared/time-zone.ts';
import { teamContactEmail } from '../../account/team-contact.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { collides } from './availability.ts';
import { notifyOrder } from './notify-order.ts';
import { hostOrderEndedMail } from './host-order-mails.ts';
import { ordersLock, slotFacts } from './order-slots.ts';
import { changeOrderStatus } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';
import { expireCheckout } from './order-checkout.ts';
import { refundPayment, settleDecision } from './settle-payment.ts';
import { markStayCodes } from '../../locks/mark-stay-codes.ts';

/**
 * An order follows its stay (docs/product/extras-and-orders.md, docs/decisions/024-orders-follow-their-stay.md).
 * When a stay's dates change (the host, the API or the calendar) or the stay goes (deleted, or
 * cancelled by the calendar), the transaction that changes it marks its orders (`follow_up`), and
 * each marked order then follows, one step under its lock, the Stripe call included:
 * - moved: a late check-out or early check-in moves with the stay (the same time on the new
 *   check-out or check-in day) when that slot is free; else it ends, its money given back;
 * - gone: it ends, its money given back; a host who deletes a stay may choose to keep what was
 *   paid (then only what still waits ends).
 * Both sides are mailed when an order ends; the guest when it moved. An item (a breakfast basket)
 * follows the stay's dates by itself, and ends only with the stay.
 *
 * The follow-up runs right after the change; one that fails (Stripe down, a crash) stays marked
 * and the orders' periodic turn ("order expiry" in background-jobs.ts) finishes it.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** What a followed order became. */
export type FollowOutcome = { orderId: string; title: string; outcome: 'moved' | 'kept' | 'ended'; status: OrderStatus };

/**
 * Marks in `trx` the orders of `stayIds` that must follow `change`; answers their ids. `keepPaid`:
 * the host deletes a stay and keeps what was paid or approved (only what still waits is marked).
 */
export async function markOrdersToFollow(trx: Db, stayIds: readonly string[], change: 'moved' | 'gone', { keepPaid = false, now = Date.now() }: { keepPaid?: boolean; now?: number } = {}): Promise<string[]> {
  if (stayIds.length === 0) return [];
  // Every order of a stay that goes says so, kept or not: Orders shows "stay deleted", not "public link".
  if (change === 'gone') await trx.updateTable('orders').set({ stay_removed_at: now }).where('stay_id', 'in', stayIds).execute();
  let query = trx.updateTable('orders').set({ follow_up: change }).where('stay_id', 'in', stayIds);
  // A moved stay carries its items along; only a late check-out or early check-in has a time to move.
  if (change === 'moved') query = query.where('kind', '!=', 'item').where('status', 'in', HOLDING_STATUSES);
  else query = query.where('status', 'in', keepPaid ? ['requested', 'awaiting_payment'] : HOLDING_STATUSES);
  const marked = await query.returning('id').execute();
  return marked.map((row) => row.id);
}

/** The orders of `stayIds` that a deletion would touch: still waiting, or paid or approved. */
export async function ordersHeldBy(db: Db, stayIds: readonly string[]): Promise<Pick<OrdersTable, 'id' | 'title' | 'status' | 'amount' | 'currency' | 'payment_intent_id'>[]> {
  if (stayIds.length === 0) return [];
  return db.selectFrom('orders').select(['id', 'title', 'status', 'amount', 'currency', 'payment_intent_id']).where('stay_id', 'in', stayIds).where('status', 'in', HOLDING_STATUSES).execute();
}

/** Makes each of `orderIds` follow its stay now; answers what became of each. */
export async function followStays(orderIds: readonly string[], now = Date.now()): Promise<FollowOutcome[]> {
  const outcomes: FollowOutcome[] = [];
  for (const id of orderIds) {
    const outcome = await withOrderLock(id, () => followStay(id, now));
    if (outcome) outcomes.push(outcome);
  }
  if (outcomes.length > 0) (await getRuntime()).outbox.kick();
  return outcomes;
}

/** The orders still marked (a follow-up that failed or was cut short), oldest first, for the periodic turn. */
export async function followLeftovers(now = Date.now()): Promise<number> {
  const { db, log } = await getRuntime();
  const marked = await db.selectFrom('orders').select('id').where('follow_up', 'is not', null).orderBy('updated_at').limit(50).execute();
  let done = 0;
  for (const { id } of marked) {
    try {
      done += (await followStays([id], now)).length;
    } catch (error) {
      log.warn({ err: error, orderId: id }, 'extras: an order could not follow its stay yet, will retry');
    }
  }
  return done;
}

async function followStay(id: string, now: number): Promise<FollowOutcome | null> {
  const { db } = await getRuntime();
  const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order?.follow_up) return null;
  const stay = order.stay_id ? await db.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
  if (order.follow_up === 'moved' && stay && order.moves_to !== null) {
    const moved = await moveWithStay(order, now);
    if (moved) return moved;
  }
  return endOrder(order, order.follow_up === 'moved' && stay ? 'stay-moved' : 'stay-gone', now);
}

/** The same wall-clock time as `instant`, on the day of `day`, in `zone`. */
function sameTimeOn(day: number, instant: number, zone: string): number | null {
  return localToInstant(`${instantToLocal(day, zone).slice(0, 10)}T${instantToLocal(instant, zone).slice(11, 16)}`, zone);
}

/**
 * A late check-out to the same time on the stay's new check-out day (an early check-in to its new
 * check-in day), in one transaction under the guidebook's orders lock, when that slot is free: no
 * other booking arrives that day (leaves, for an early check-in), the time still adds to the
 * stay's own, and the stay is not over. Null when it is not free.
 */
async function moveWithStay(order: OrdersTable, now: number): Promise<FollowOutcome | null> {
  const { db, dialect } = await getRuntime();
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const stay = await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id!).executeTakeFirst();
    if (!stay) return null;
    const { data } = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(data);
    const zone = content.timeZone;
    const late = order.kind === 'late-checkout';
    const movesTo = sameTimeOn(late ? stay.check_out : stay.check_in, order.moves_to!, zone);
    const { others } = await slotFacts(trx, stay, order.id);
    const fits = movesTo !== null && (late ? movesTo > stay.check_out : movesTo < stay.check_in) && now < stay.check_out && !(order.kind !== 'item' && collides(order.kind, movesTo, stay.id, others, zone));
    if (!fits) return null;
    const updated = await trx.updateTable('orders').set({ moves_to: movesTo, follow_up: null, updated_at: now }).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
    // Only what the guest has (approved or paid) moves the stay; a request moves it when approved.
    if (updated.status === 'approved' || updated.status === 'paid') {
      await trx.updateTable('stays').set(late ? { late_checkout_until: movesTo, updated_at: now } : { early_checkin_from: movesTo, updated_at: now }).where('id', '=', stay.id).execute();
      await markStayCodes(trx, [stay.id], { now });
    }
    if (movesTo !== order.moves_to) await notifyOrder(trx, { order: updated, content, stay, guest: 'moved', now });
    return { orderId: order.id, title: order.title, outcome: movesTo === order.moves_to ? 'kept' : 'moved', status: updated.status };
  });
}

/**
 * The order ends because its stay moved off its slot or went (`stay-lost` in the table): its money
 * back on Stripe first (a hold released, a payment refunded, an open Checkout expired), then the
 * status, the stay's moved time given back, and both sides mailed. The caller holds the order's lock.
 */
async function endOrder(order: OrdersTable, why: 'stay-moved' | 'stay-gone', now: number): Promise<FollowOutcome> {
  const { db, dialect } = await getRuntime();
  if (order.status === 'awaiting_payment') await expireCheckout(order);
  else if (order.payment_intent_id !== null && order.status === 'requested') {
    // A hold captured on Stripe's side meanwhile is refunded instead.
    if ((await settleDecision(order, 'decline')) === 'captured') await refundPayment(order);
  }
  else if (order.payment_intent_id !== null) await refundPayment(order);
  const ended = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const updated = await changeOrderStatus(trx, order, 'stay-lost', { now, set: { follow_up: null }, by: { actor: 'system' } });
    if (!updated) {
      // Nothing the table lets a stay change end (it ended meanwhile): only the mark goes.
      return trx.updateTable('orders').set({ follow_up: null }).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
    }
    if (updated.stay_id !== null && updated.moves_to !== null) {
      const column = updated.kind === 'late-checkout' ? 'late_checkout_until' : 'early_checkin_from';
      await trx.updateTable('stays').set({ [column]: null, updated_at: now }).where('id', '=', updated.stay_id).where(column, '=', updated.moves_to).execute();
      await markStayCodes(trx, [updated.stay_id], { now });
    }
    const { data } = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(data);
    const hostEmail = await teamContactEmail(trx, order.team_id);
    await notifyOrder(trx, { order: updated, content, guest: why, host: hostOrderEndedMail({ order: updated, content, hostEmail, why }), now });
    return updated;
  });
  return { orderId: order.id, title: order.title, outcome: 'ended', status: ended.status };
}
