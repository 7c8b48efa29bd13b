import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { sendContactMessage } from '@server/messaging/send-contact-message.ts';
import { messages } from '@shared/messages.ts';
import { contactSchema } from '@shared/schemas/contact.ts';

/** POST /api/messaging/contact: a visitor's message from the landing page (docs/product.md §2, §7). */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, contactSchema);
  await sendContactMessage({ ...input, ip: clientAddress(context) });
  return json({ message: messages.contact.sent });
});
