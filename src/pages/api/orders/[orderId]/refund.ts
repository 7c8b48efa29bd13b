import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { refundOrder } from '@server/money/orders/orders.ts';
import { handle, json } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/orders/:orderId/refund → `{ message, order }` (the order's host; a paid or approved paid order). */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'orders.refund');
  const order = await refundOrder({ access, orderId: context.params.orderId ?? '' });
  return json({ message: messages.orders.refunded, order });
});
