import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { memberActor } from '@server/account/record-activity.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { decideOrder } from '@server/money/orders/orders.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { orderDecisionSchema } from '@shared/schemas/order.ts';

/** PATCH /api/orders/:orderId `{ decision }` → `{ message, order }` (the order's host only). */
export const PATCH = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'orders.decide');
  const { decision } = await readBody(context.request, orderDecisionSchema);
  const order = await decideOrder({ access, orderId: context.params.orderId ?? '', decision, by: memberActor(access) });
  const paid = order.paid;
  return json({ message: decision === 'approve' ? (paid ? messages.orders.approvedPaid : messages.orders.approved) : paid ? messages.orders.declinedPaid : messages.orders.declined, order });
});
