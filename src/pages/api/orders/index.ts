import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { listOrders } from '@server/extras/orders.ts';
import { handle, json } from '@server/http/json.ts';

/** GET /api/orders[?guidebook=<id>] → `{ orders: Order[] }` of the signed-in host, newest first. */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const orders = await listOrders({ userId: user.id, guidebookId: context.url.searchParams.get('guidebook') ?? undefined });
  return json({ orders });
});
