import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { refundOrder } from '@server/money/orders/orders.ts';
import { handle, json } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/orders/:orderId/refund → `{ message, order }` (the order's host; a paid or approved paid order). */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const order = await refundOrder({ userId: user.id, orderId: context.params.orderId ?? '' });
  return json({ message: messages.orders.refunded, order });
});
