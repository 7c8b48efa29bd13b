import type { APIContext } from 'astro';
import { requestExtra } from '@server/money/orders/guest-orders.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { orderRequestSchema } from '@shared/schemas/order.ts';

/** An extra's id is a number, like a step's (docs/product/extras-and-orders.md); anything else names no extra. */
const EXTRA_ID = /^\d{1,16}$/;

/**
 * POST /api/guest/:token/extras/:extraId `{ quantity?, note?, guestName?, guestEmail?, turnstileToken? }`
 * (public; a stay link's token, or a guidebook's own when its host offers extras there: then with
 * the guest's name and e-mail, schemas/order.ts) → 201 `{ message, order[, checkoutUrl] }` on a
 * stay link; 202 `{ message, confirmByMail: true }` on a public link (the guest confirms from a
 * mail first); every `message` in the language of `Accept-Language` when the guest page has words in it.
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const extraId = context.params.extraId ?? '';
  if (!EXTRA_ID.test(extraId)) throw new AppError('NOT_FOUND', words['api.extraNotFound']);
  const input = await readBody(context.request, orderRequestSchema(words));
  const asked = await requestExtra({ token: context.params.token ?? '', extraId: Number(extraId), input, ip: clientAddress(context), words });
  // A public-link order waits for its guest to confirm it from the mail (202: nothing ordered yet).
  if (asked.state === 'confirm-by-mail') return json({ message: words['api.confirmSent'], confirmByMail: true }, 202);
  const { order, checkoutUrl } = asked;
  // Paid online: the guest goes on to Stripe's Checkout page; confirmed at once, or a request, needs nothing more.
  if (checkoutUrl) return json({ message: words['api.toPayment'], order, checkoutUrl }, 201);
  return json({ message: order.status === 'approved' ? words['extras.confirmed'] : words['api.extraRequested'], order }, 201);
});
