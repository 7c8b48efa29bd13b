import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { Currency } from '@shared/currencies.ts';
import type { StayOrder } from '@shared/schemas/order.ts';
import type { Db } from './order-slots.ts';

/**
 * The orders a host sees: a guest who opened Checkout and left (or is paying now) has ordered
 * nothing yet, so an unpaid checkout, open or cancelled, is not the host's business.
 */
export function orderedByGuest(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.not(eb.and([eb('status', 'in', ['awaiting_payment', 'cancelled']), eb('payment_intent_id', 'is', null)]));
}

/** The orders of each of `stayIds`, oldest first, for their rows in the Stays view (one read). */
export async function ordersOfStays(db: Db, stayIds: readonly string[]): Promise<Map<string, StayOrder[]>> {
  const orders = new Map<string, StayOrder[]>(stayIds.map((id) => [id, []]));
  if (stayIds.length === 0) return orders;
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'stay_id', 'title', 'quantity', 'amount', 'currency', 'status', 'payment_intent_id'])
    .where('stay_id', 'in', stayIds)
    .where(orderedByGuest)
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    orders.get(row.stay_id!)?.push({ id: row.id, title: row.title, quantity: row.quantity, amount: row.amount, currency: row.currency as Currency, status: row.status, paid: row.payment_intent_id !== null });
  }
  return orders;
}
