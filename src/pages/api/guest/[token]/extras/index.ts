import type { APIContext } from 'astro';
import { listGuestExtras } from '@server/money/orders/guest-orders.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json } from '@server/http/json.ts';

/** GET /api/guest/:token/extras (public; a stay link's token, or a guidebook's own offering extras) → `{ extras: GuestExtra[] }` (schemas/order.ts), the reasons in the language of `Accept-Language`. */
export const GET = handle(async (context: APIContext) => {
  const extras = await listGuestExtras(context.params.token ?? '', Date.now(), requestGuestWords(context.request));
  return json({ extras }, 200, { 'cache-control': 'no-store' });
});
