import type { OrdersTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';

/** How a decision that came second says what the order is now. */
const STATE_WORDS: Partial<Record<OrderStatus, string>> = {
  approved: 'already approved',
  declined: 'already declined',
  paid: 'already paid',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * "This order was already declined on Tue 1 Dec, 10:04." in the guidebook's time zone: what a
 * decision that came second (a spent mail link, a second tab, the other button pressed at the same
 * moment) answers, so both callers are told the truth (docs/security.md 38).
 */
export async function spentMessage(order: OrdersTable): Promise<string> {
  const { db } = await getRuntime();
  const { data } = await db.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
  // A refund after approval changes only updated_at; every other end of a request sets decided_at.
  const when = order.status === 'refunded' ? order.updated_at : (order.decided_at ?? order.updated_at);
  return messages.orderLinks.spent(STATE_WORDS[order.status] ?? order.status, formatStayTime(when, parseStoredContent(data).timeZone));
}
