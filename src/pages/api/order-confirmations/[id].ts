import type { APIContext } from 'astro';
import { z } from 'zod';
import { toGuestOrder } from '@server/money/orders/guest-orders.ts';
import { confirmOrder } from '@server/money/orders/order-confirmations.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json, readBody } from '@server/http/json.ts';

/**
 * POST /api/order-confirmations/:id `{ token }` (public: the link in the guest's mail, docs/product/extras-and-orders.md)
 * → 201 `{ message, order[, checkoutUrl] }`: the public-link request becomes an order (confirmed at
 * once, a request for the host, or on to Checkout); a second press answers what the first made
 * (200). 404 `{ message }` for an unknown or expired link, or an extra no longer offered there.
 * The messages are in the guest's language (the one they ordered in).
 */
export const POST = handle(async (context: APIContext) => {
  const fallback = requestGuestWords(context.request);
  const { token } = await readBody(context.request, z.object({ token: z.string({ error: fallback['api.confirmInvalid'] }).max(200, fallback['api.confirmInvalid']) }, { error: fallback['api.confirmInvalid'] }));
  const { order, checkoutUrl, words, fresh } = await confirmOrder({ id: context.params.id ?? '', token });
  if (checkoutUrl) return json({ message: words['api.toPayment'], order: toGuestOrder(order), checkoutUrl }, 201);
  const message = !fresh ? words['confirm.already'] : order.status === 'approved' ? words['extras.confirmed'] : words['extras.sent'];
  return json({ message, order: toGuestOrder(order) }, fresh ? 201 : 200);
});
