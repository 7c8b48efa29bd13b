import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { sendGuestMessage } from '@server/messaging/send-guest-message.ts';
import { messages } from '@shared/messages.ts';
import { guestMessageSchema } from '@shared/schemas/guest-message.ts';

/**
 * POST /api/guest/:token/message `{ name, email?, message, turnstileToken? }` (public; a guidebook
 * or stay token) → `{ message }`: the guest's note reaches the host by e-mail. 400 for a bad field
 * or a failed captcha, 404/410 for a dead link, 429 past the limits.
 */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, guestMessageSchema);
  await sendGuestMessage({ token: context.params.token ?? '', ...input, ip: clientAddress(context) });
  return json({ message: messages.stays.messageSent });
});
