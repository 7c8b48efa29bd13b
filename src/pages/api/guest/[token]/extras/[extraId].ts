import type { APIContext } from 'astro';
import { requestExtra } from '@server/extras/orders.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { orderRequestSchema } from '@shared/schemas/order.ts';

/** POST /api/guest/:token/extras/:extraId `{ quantity?, note? }` (public; a stay link's token) → 201 `{ message, order }`. */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, orderRequestSchema);
  const order = await requestExtra({ token: context.params.token ?? '', extraId: Number(context.params.extraId), input, ip: clientAddress(context) });
  return json({ message: messages.orders.requested, order }, 201);
});
