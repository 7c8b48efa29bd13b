import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { listOrders } from '@server/money/orders/orders.ts';
import { handle, json } from '@server/http/json.ts';
import { orderStays } from '@server/stays/order-stays.ts';
import type { ListedOrder } from '@shared/schemas/order.ts';

/**
 * GET /api/orders[?guidebook=<id>] → `{ orders: ListedOrder[], months: MonthTotal[] }` of the
 * signed-in host (src/lib/shared/schemas/order.ts): each order with its stay's dates and the
 * property's time zone, for the card.
 */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { orders, months } = await listOrders({ userId: user.id, guidebookId: context.url.searchParams.get('guidebook') ?? undefined });
  const stays = await orderStays({ userId: user.id, orders });
  return json({ orders: orders.map((order): ListedOrder => ({ ...order, ...(stays.get(order.id) ?? { stay: null, timeZone: '' }) })), months });
});
