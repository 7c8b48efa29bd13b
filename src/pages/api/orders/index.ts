import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
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
  const access = requireTeam(context.locals);
  await authorize(access, 'orders.read');
  const { orders, months } = await listOrders({ access, guidebookId: context.url.searchParams.get('guidebook') ?? undefined });
  const stays = await orderStays({ access, orders });
  return json({ orders: orders.map((order): ListedOrder => ({ ...order, ...(stays.get(order.id) ?? { stay: null, timeZone: '' }) })), months });
});
