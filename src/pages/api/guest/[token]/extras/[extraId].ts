import type { APIContext } from 'astro';
import { requestExtra } from '@server/extras/orders.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { orderRequestSchema } from '@shared/schemas/order.ts';

/**
 * POST /api/guest/:token/extras/:extraId `{ quantity?, note?, guestName?, guestEmail? }` (public; a
 * stay link's token, or a guidebook's own when its host offers extras there: then with the guest's
 * name and e-mail, schemas/order.ts) → 201 `{ message, order[, checkoutUrl] }`.
 */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, orderRequestSchema);
  const { order, checkoutUrl } = await requestExtra({ token: context.params.token ?? '', extraId: Number(context.params.extraId), input, ip: clientAddress(context) });
  // Paid online: the guest goes on to Stripe's Checkout page; a request needs nothing more.
  return json(checkoutUrl ? { message: messages.orders.toPayment, order, checkoutUrl } : { message: messages.orders.requested, order }, 201);
});
