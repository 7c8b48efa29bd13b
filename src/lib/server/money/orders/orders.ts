import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { Currency } from '@shared/currencies.ts';
import type { MonthTotal, Order } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import { grantedGuidebooks } from '../../account/authorize.ts';
import type { TeamAccess, TeamScope } from '../../account/team-access.ts';
import { memberActor } from '../../account/record-activity.ts';
import type { ActivityBy } from '@shared/team-activity.ts';
import { findTeamGuidebook } from '../../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { collides, effectiveStayTimes } from './availability.ts';
import { toGuestOrder } from './guest-orders.ts';
import { notifyOrder } from './notify-order.ts';
import { closeOrder, moveStay, ordersLock, slotFacts, unmoveStay, type Db } from './order-slots.ts';
import { spentMessage } from './order-spent.ts';
import { canChange, changeOrderStatus } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';
import { orderedByGuest } from './stay-orders.ts';
import { refundPayment, settleDecision } from './settle-payment.ts';

/**
 * The host's side of orders (docs/product/extras-and-orders.md, docs/decisions/020): the list, what sold, and
 * the host's decisions and refunds, each one step under the order's lock (order-transitions.ts).
 */
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function toOrder(row: OrdersTable, guidebook: { name: string; zone: string } | undefined): Order {
  return {
    ...toGuestOrder(row),
    kind: row.kind,
    guidebookId: row.instruction_id,
    guidebookName: guidebook?.name ?? '',
    stayId: row.stay_id,
    stayRemoved: row.stay_removed_at !== null,
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    guestNote: row.guest_note,
    approval: row.approval,
    paid: row.payment_intent_id !== null,
    movesTo: iso(row.moves_to),
    movesToLabel: row.moves_to === null ? null : formatStayTime(row.moves_to, guidebook?.zone ?? ''),
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
  };
}

/**
 * GET /api/orders[?guidebook=]: the team's orders (of one guidebook when asked; of an Editor's
 * granted guidebooks only), newest first, and what each month sold.
 */
export async function listOrders({ access, guidebookId, now = Date.now() }: { access: TeamScope; guidebookId?: string | undefined; now?: number }): Promise<{ orders: Order[]; months: MonthTotal[] }> {
  const { db } = await getRuntime();
  const { teamId } = access;
  const instructionId = guidebookId ? (await findTeamGuidebook({ access, id: guidebookId })).id : undefined;
  let query = grantedGuidebooks(db.selectFrom('orders').selectAll().where('team_id', '=', teamId).where(orderedByGuest), access, 'orders.instruction_id');
  if (instructionId) query = query.where('instruction_id', '=', instructionId);
  const [rows, months] = await Promise.all([query.orderBy('created_at', 'desc').limit(500).execute(), monthTotals(db, access, instructionId, now)]);
  const names = await guidebookNames(db, teamId, [...new Set(rows.map((row) => row.instruction_id))]);
  return { orders: rows.map((row) => toOrder(row, names.get(row.instruction_id))), months };
}

/**
 * What the host sold in each of the last twelve calendar months (UTC) that sold anything, newest
 * first: orders paid or approved (a request the host confirmed counts, its money settled on site),
 * refunds left out. Summed here rather than in SQL: a year of one team's orders is small, and
 * the month of a timestamp is worded differently by each database.
 */
async function monthTotals(db: Db, access: TeamScope, instructionId: string | undefined, now: number): Promise<MonthTotal[]> {
  const today = new Date(now);
  const since = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1);
  const sold = db.selectFrom('orders').select(['created_at', 'amount', 'currency']).where('team_id', '=', access.teamId).where('status', 'in', ['paid', 'approved']).where('created_at', '>=', since);
  let query = grantedGuidebooks(sold, access, 'orders.instruction_id');
  if (instructionId) query = query.where('instruction_id', '=', instructionId);
  const totals = new Map<string, MonthTotal>();
  for (const row of await query.execute()) {
    const month = new Date(row.created_at).toISOString().slice(0, 7);
    const key = `${month} ${row.currency}`;
    const total = totals.get(key) ?? { month, currency: row.currency as Currency, amount: 0, orders: 0 };
    total.amount += row.amount;
    total.orders += 1;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
}

/** The team's order `orderId` (of an Editor's granted guidebooks only), or undefined: another team's reads as missing. */
function teamOrder(db: Db, { access, orderId }: { access: TeamScope; orderId: string }): Promise<OrdersTable | undefined> {
  return grantedGuidebooks(db.selectFrom('orders').selectAll().where('id', '=', orderId).where('team_id', '=', access.teamId), access, 'orders.instruction_id').executeTakeFirst();
}

/** Whether another booking (a calendar import, a stay added since) now takes the order's new check-out or check-in. */
async function slotTaken(trx: Db, order: OrdersTable, stay: StaysTable, zone: string, now: number): Promise<boolean> {
  if (order.moves_to === null || order.kind === 'item') return false;
  const { others } = await slotFacts(trx, stay);
  return now >= effectiveStayTimes(stay).checkOut || collides(order.kind, order.moves_to, stay.id, others, zone);
}

/**
 * PATCH /api/orders/:orderId (and the mail's links, decision-links.ts): the host approves or
 * declines a request, as one step under the order's lock (order-transitions.ts,
 * docs/security.md 38), so of two decisions at once (Approve from the mail, Decline in the
 * dashboard) one wins and the other waits for it and answers 409 with what the order is now
 * ("This order was already declined on …").
 *
 * A request settled on site changes in one transaction: approving a late check-out or early
 * check-in checks the slot again and moves the stay (its door-code window and link follow). A
 * paid order's card (authorised at checkout, docs/decisions/020) is charged or released on Stripe
 * inside the step, before the decision is stored, so an approval never stands without its money;
 * a hold that lapsed on Stripe cancels the order (409, and both sides are told). The guest gets a
 * mail either way.
 */
export async function decideOrder(scope: { access: TeamScope; orderId: string; decision: 'approve' | 'decline'; by: ActivityBy }, now = Date.now()): Promise<Order> {
  const { db, outbox } = await getRuntime();
  const owned = () => teamOrder(db, scope);
  if (!(await owned())) throw new AppError('NOT_FOUND', messages.orders.notFound);
  const row = await withOrderLock(scope.orderId, async () => {
    // Read again under the lock: another decision may have come first.
    const order = (await owned())!;
    if (!canChange(order, scope.decision)) throw new AppError('CONFLICT', await spentMessage(order));
    if (order.payment_intent_id !== null) await settlePaidDecision(order, scope.decision, now, scope.by);
    return storeDecision(order, scope.decision, now, scope.by);
  });
  outbox.kick();
  const names = await guidebookNames(db, scope.access.teamId, [row.instruction_id]);
  return toOrder(row, names.get(row.instruction_id));
}

/**
 * A paid order's decision on Stripe, before it is stored: no charge for a slot that is gone
 * (checked first), then capture or release. A hold that lapsed cancels the order and answers 409.
 */
async function settlePaidDecision(order: OrdersTable, decision: 'approve' | 'decline', now: number, by: ActivityBy): Promise<void> {
  const { db, dialect } = await getRuntime();
  if (decision === 'approve') {
    const taken = await db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
      const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
      return stay !== undefined && (await slotTaken(trx, order, stay, await zoneOf(trx, order), now));
    });
    if (taken) throw new AppError('CONFLICT', messages.orders.slotTaken);
  }
  const settled = await settleDecision(order, decision);
  if (settled === 'lapsed') {
    await closeOrder(order, 'hold-lapsed', now, { guest: 'lapsed', by });
    throw new AppError('CONFLICT', messages.orders.authorisationLapsed);
  }
  // Captured on Stripe's side (its dashboard) while this waited: nothing to release any more.
  if (settled === 'captured') throw new AppError('CONFLICT', messages.orders.capturedElsewhere);
}

/**
 * The decision stored, in one transaction under the guidebook's orders lock: the slot checked
 * again for an approval (a booking may have arrived since), the stay moved, the guest mailed. A
 * paid approval whose slot went between the capture and now is refunded at once.
 */
async function storeDecision(order: OrdersTable, decision: 'approve' | 'decline', now: number, by: ActivityBy): Promise<OrdersTable> {
  const { db, dialect } = await getRuntime();
  const row = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const guidebook = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(guidebook.data);
    const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
    if (decision === 'approve' && stay) {
      if (await slotTaken(trx, order, stay, content.timeZone, now)) {
        if (order.payment_intent_id === null) throw new AppError('CONFLICT', messages.orders.slotTaken);
        return null;
      }
      await moveStay(trx, order, stay.id, now);
    }
    const updated = await changeOrderStatus(trx, order, decision, { now, by });
    if (!updated) throw new AppError('CONFLICT', messages.orders.notWaiting);
    await notifyOrder(trx, { order: updated, content, stay: stay ?? null, guest: decision === 'approve' ? 'approved' : 'declined', now });
    return updated;
  });
  if (row) return row;
  // Charged, then the slot went (docs/decisions/020): the money goes back before the order says so.
  await refundPayment(order);
  await closeOrder(order, 'approve-slot-lost', now, { guest: 'slot-lost', by });
  throw new AppError('CONFLICT', messages.orders.slotTaken);
}

async function zoneOf(db: Db, order: Pick<OrdersTable, 'instruction_id'>): Promise<string> {
  const { data } = await db.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
  return parseStoredContent(data).timeZone;
}

/**
 * POST /api/orders/:orderId/refund: the host gives a paid (or approved paid) order's money back,
 * as one step under the order's lock: on Stripe first with the transfer reversed and the fee
 * returned (docs/decisions/020), then the order is `refunded` and the guest mailed. A second click
 * waits for the first and answers 409. A late check-out or early check-in refunded gives its time
 * back: the stay returns to its booked times (and its door-code window with them), in the same
 * transaction.
 */
export async function refundOrder(scope: { access: TeamAccess; orderId: string }, now = Date.now()): Promise<Order> {
  const { db, dialect, outbox } = await getRuntime();
  const owned = () => teamOrder(db, scope);
  if (!(await owned())) throw new AppError('NOT_FOUND', messages.orders.notFound);
  const row = await withOrderLock(scope.orderId, async () => {
    const order = (await owned())!;
    if (!canChange(order, 'refund')) throw new AppError('CONFLICT', order.status === 'refunded' ? await spentMessage(order) : messages.orders.notRefundable);
    await refundPayment(order);
    return db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
      const updated = await changeOrderStatus(trx, order, 'refund', { now, by: memberActor(scope.access) });
      if (!updated) throw new AppError('CONFLICT', messages.orders.notRefundable);
      const movedBack = await unmoveStay(trx, updated, now);
      const content = parseStoredContent((await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow()).data);
      await notifyOrder(trx, { order: updated, content, guest: 'refunded', movedBack, now });
      return updated;
    });
  });
  outbox.kick();
  const names = await guidebookNames(db, scope.access.teamId, [row.instruction_id]);
  return toOrder(row, names.get(row.instruction_id));
}

/** The current names and time zones of the team's guidebooks `ids` (one read). */
async function guidebookNames(db: Db, teamId: string, ids: string[]): Promise<Map<string, { name: string; zone: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('instructions').select(['id', 'data']).where('team_id', '=', teamId).where('id', 'in', ids).execute();
  return new Map(
    rows.map((row) => {
      const content = parseStoredContent(row.data);
      return [row.id, { name: content.nameInstruction, zone: content.timeZone }];
    }),
  );
}
