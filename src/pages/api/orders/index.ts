import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { listOrders } from '@server/extras/orders.ts';
import { handle, json } from '@server/http/json.ts';

/** GET /api/orders[?guidebook=<id>] → `{ orders: Order[], months: MonthTotal[] }` of the signed-in host (src/lib/shared/schemas/order.ts). */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  return json(await listOrders({ userId: user.id, guidebookId: context.url.searchParams.get('guidebook') ?? undefined }));
});
