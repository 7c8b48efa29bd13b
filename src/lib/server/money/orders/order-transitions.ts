import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable } from '@db/schema.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import type { Currency } from '@shared/currencies.ts';
import type { ActivityBy } from '@shared/team-activity.ts';
import { recordActivity } from '../../account/record-activity.ts';

/**
 * An order's life, as one table (docs/product.md §4, docs/decisions/020 and 024): every change of
 * an order's status is a row here, and `changeOrderStatus` is the one function that writes a
 * status, after finding the row for the order's status now. Anything else is refused, so a new
 * path cannot invent a move (refunding a declined order, approving a cancelled one).
 *
 * `money` narrows a row to orders paid online (a PaymentIntent, charged or held) or settled on
 * site; a row without it holds for both. Where a row takes money back, the Stripe call is made
 * in the same step, under the order's lock (`withOrderLock`), before the row is written.
 */
export type OrderEvent =
  /** The guest asks for an extra (a new order; the status it starts in). */
  | 'ask'
  /** Stripe could not start Checkout; or the guest asked again and the earlier checkout was expired; or it expired unpaid. */
  | 'checkout-ended'
  /** The payment went through and the slot is still free: an instant extra is bought; a host-approved one waits with its card held. */
  | 'payment-taken'
  /** The payment went through, but another booking took the slot meanwhile: given back at once. */
  | 'payment-slot-lost'
  /** The host's answer (dashboard or mailed link). */
  | 'approve'
  | 'decline'
  /** The host approved and the card was charged, but another booking took the slot before it was stored: refunded. */
  | 'approve-slot-lost'
  /** A held card was not answered for 72 hours, or Stripe let the hold go. */
  | 'hold-lapsed'
  /** The host gives a paid order's money back. */
  | 'refund'
  /** Its stay moved to dates where its slot is gone, or the stay was deleted or cancelled by the calendar. */
  | 'stay-lost';

export type OrderActor = 'guest' | 'host' | 'stripe' | 'job' | 'stay change';

export interface OrderTransition {
  event: OrderEvent;
  /** null: the order is new. */
  from: OrderStatus | null;
  to: OrderStatus;
  by: OrderActor;
  money?: 'online' | 'on site';
  /** Why, in a few words (the table's print, docs/product.md §4). */
  when: string;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { event: 'ask', from: null, to: 'requested', by: 'guest', money: 'on site', when: 'an extra the host confirms first, settled on site' },
  { event: 'ask', from: null, to: 'approved', by: 'guest', money: 'on site', when: 'an instant extra, settled on site: confirmed at once' },
  { event: 'ask', from: null, to: 'awaiting_payment', by: 'guest', money: 'online', when: 'a priced extra of a host who takes payments: on to Checkout' },
  { event: 'checkout-ended', from: 'awaiting_payment', to: 'cancelled', by: 'stripe', when: 'Checkout failed to start, expired unpaid, or the guest started another' },
  { event: 'payment-taken', from: 'awaiting_payment', to: 'paid', by: 'stripe', money: 'online', when: 'an instant extra paid, its slot still free' },
  { event: 'payment-taken', from: 'awaiting_payment', to: 'requested', by: 'stripe', money: 'online', when: 'a host-approved extra: the card is held for the host' },
  { event: 'payment-slot-lost', from: 'awaiting_payment', to: 'refunded', by: 'stripe', money: 'online', when: 'paid, but the slot went meanwhile: refunded' },
  { event: 'payment-slot-lost', from: 'awaiting_payment', to: 'cancelled', by: 'stripe', money: 'online', when: 'held, but the slot went meanwhile: released' },
  { event: 'approve', from: 'requested', to: 'approved', by: 'host', when: 'the host approves (a held card is charged first)' },
  { event: 'decline', from: 'requested', to: 'declined', by: 'host', when: 'the host declines (a held card is released first)' },
  { event: 'approve-slot-lost', from: 'requested', to: 'refunded', by: 'host', money: 'online', when: 'charged on approval, but the slot went before it was stored: refunded' },
  { event: 'hold-lapsed', from: 'requested', to: 'cancelled', by: 'job', money: 'online', when: 'no answer within 72 hours, or the hold lapsed on Stripe: released' },
  { event: 'refund', from: 'paid', to: 'refunded', by: 'host', money: 'online', when: 'the host refunds' },
  { event: 'refund', from: 'approved', to: 'refunded', by: 'host', money: 'online', when: 'the host refunds' },
  { event: 'stay-lost', from: 'requested', to: 'declined', by: 'stay change', when: 'its stay moved off its slot, or is gone: a held card is released' },
  { event: 'stay-lost', from: 'awaiting_payment', to: 'cancelled', by: 'stay change', when: 'its stay moved off its slot, or is gone: Checkout is expired' },
  { event: 'stay-lost', from: 'paid', to: 'refunded', by: 'stay change', money: 'online', when: 'its stay moved off its slot, or is gone (the host chose refund)' },
  { event: 'stay-lost', from: 'approved', to: 'refunded', by: 'stay change', money: 'online', when: 'its stay moved off its slot, or is gone (the host chose refund)' },
  { event: 'stay-lost', from: 'approved', to: 'cancelled', by: 'stay change', money: 'on site', when: 'its stay moved off its slot, or is gone: nothing was charged' },
];

/** How an order is paid: online when Stripe charged or holds its card. */
export const moneyOf = (order: Pick<OrdersTable, 'payment_intent_id'>): 'online' | 'on site' => (order.payment_intent_id === null ? 'on site' : 'online');

/** The row of `event` for an order in `from` paid by `money` (the status a new order starts in for 'ask'), or undefined when the table has none. */
export function transitionOf(event: OrderEvent, from: OrderStatus | null, money: 'online' | 'on site', to?: OrderStatus): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((row) => row.event === event && row.from === from && (row.money === undefined || row.money === money) && (to === undefined || row.to === to));
}

/** Whether `event` can move an order as it is now (nothing is written). */
export function canChange(order: Pick<OrdersTable, 'status' | 'payment_intent_id'>, event: OrderEvent): boolean {
  return transitionOf(event, order.status, moneyOf(order)) !== undefined;
}

/**
 * The one writer of an order's status: `event` applied to `order` as read in `trx`, by
 * compare-and-set on the status it was read in, with `set`'s other columns. Where the table has
 * two rows for one event and status (a payment taken: paid, or held for the host), `to` picks
 * one. Answers the order as written, or null when the table has no such move for it now or
 * another step changed it first; the caller says what that means to its caller.
 *
 * `set` may name the payment (`payment_intent_id`) the move records: the row is then chosen as
 * for an order paid online.
 *
 * The move's line in the team's activity (`by`: who moved it, docs/decisions/028-teams.md §11) is
 * written in the same transaction (one is opened when `trx` is none), so a move and its record
 * cannot part. A checkout that ended unpaid leaves no line: the host never saw that order.
 */
export async function changeOrderStatus(
  trx: Kysely<Database> | Transaction<Database>,
  order: OrdersTable,
  event: Exclude<OrderEvent, 'ask'>,
  { to, now, set = {}, by }: { to?: OrderStatus; now: number; set?: Partial<Omit<OrdersTable, 'id' | 'status'>>; by: ActivityBy },
): Promise<OrdersTable | null> {
  const money = set.payment_intent_id ? 'online' : moneyOf(order);
  const row = transitionOf(event, order.status, money, to);
  if (!row) return null;
  const waiting = WAITING.includes(row.to);
  // A request or a payment that ends is decided now; a refund after that keeps the decision's time.
  const decidesNow = !waiting && (order.status === 'requested' || order.status === 'awaiting_payment');
  const write = async (writer: Kysely<Database>): Promise<OrdersTable | null> => {
    const updated = await writer
      .updateTable('orders')
      // Once an order no longer waits for the host, the mail's Approve and Decline links die with it.
      .set({ ...(decidesNow ? { decided_at: now } : {}), ...(row.to === 'requested' ? {} : { decision_token_hash: null }), ...set, status: row.to, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .returningAll()
      .executeTakeFirst();
    if (updated && !(order.status === 'awaiting_payment' && updated.status === 'cancelled' && updated.payment_intent_id === null)) await recordMove(writer, order, updated, event, by, now);
    return updated ?? null;
  };
  return trx.isTransaction ? write(trx) : trx.transaction().execute(write);
}

function recordMove(trx: Kysely<Database>, before: OrdersTable, after: OrdersTable, event: OrderEvent, by: ActivityBy, now: number): Promise<void> {
  const common = { teamId: after.team_id, by, guidebookId: after.instruction_id, subjectId: after.id, now };
  if (event === 'refund') return recordActivity(trx, { ...common, action: 'order.refunded', details: { title: after.title, amount: after.amount, currency: after.currency as Currency, from: before.status } });
  return recordActivity(trx, { ...common, action: 'order.moved', details: { title: after.title, event, from: before.status, to: after.status } });
}

/** Statuses in which an order waits for someone (the host, or the guest's payment). */
const WAITING: readonly OrderStatus[] = ['requested', 'awaiting_payment'];

/**
 * The status a new order starts in (the table's 'ask' rows): on to Checkout when the host takes
 * payments online; else confirmed at once for an instant extra, or a request for the host.
 */
export function firstStatus({ online, approval }: { online: boolean; approval: 'instant' | 'host' }): OrderStatus {
  const to: OrderStatus = online ? 'awaiting_payment' : approval === 'instant' ? 'approved' : 'requested';
  return transitionOf('ask', null, online ? 'online' : 'on site', to)!.to;
}
