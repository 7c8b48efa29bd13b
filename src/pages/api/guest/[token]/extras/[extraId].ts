import type { APIContext } from 'astro';
import { requestExtra } from '@server/extras/orders.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { orderRequestSchema } from '@shared/schemas/order.ts';

/** An extra's id is a number, like a step's (docs/product.md §21); anything else names no extra. */
const EXTRA_ID = /^\d{1,16}$/;

/**
 * POST /api/guest/:token/extras/:extraId `{ quantity?, note?, guestName?, guestEmail? }` (public; a
 * stay link's token, or a guidebook's own when its host offers extras there: then with the guest's
 * name and e-mail, schemas/order.ts) → 201 `{ message, order[, checkoutUrl] }`; every `message`
 * in the language of `Accept-Language` when the guest page has words in it.
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const extraId = context.params.extraId ?? '';
  if (!EXTRA_ID.test(extraId)) throw new AppError('NOT_FOUND', words['api.extraNotFound']);
  const input = await readBody(context.request, orderRequestSchema(words));
  const { order, checkoutUrl } = await requestExtra({ token: context.params.token ?? '', extraId: Number(extraId), input, ip: clientAddress(context), words });
  // Paid online: the guest goes on to Stripe's Checkout page; a request needs nothing more.
  return json(checkoutUrl ? { message: words['api.toPayment'], order, checkoutUrl } : { message: words['api.extraRequested'], order }, 201);
});
