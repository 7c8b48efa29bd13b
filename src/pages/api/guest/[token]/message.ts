import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { sendGuestMessage } from '@server/messaging/send-guest-message.ts';
import { guestMessageSchema } from '@shared/schemas/guest-message.ts';

/**
 * POST /api/guest/:token/message `{ name, email?, message, turnstileToken? }` (public; a guidebook
 * or stay token) → `{ message }`: the guest's note reaches the host by e-mail. 400 for a bad field
 * or a failed captcha, 404/410 for a dead link, 429 past the limits; every `message` in the
 * language of `Accept-Language` when the guest page has words in it (server/http/guest-language.ts).
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const input = await readBody(context.request, guestMessageSchema(words));
  await sendGuestMessage({ token: context.params.token ?? '', ...input, ip: clientAddress(context), words });
  return json({ message: words['api.messageSent'] });
});
