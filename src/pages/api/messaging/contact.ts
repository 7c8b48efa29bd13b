import type { APIContext } from 'astro';
import { clientAddress } from '../../../lib/server/http/client-address.ts';
import { handle, json, readBody } from '../../../lib/server/http/json.ts';
import { sendContactMessage } from '../../../lib/server/messaging/send-contact-message.ts';
import { messages } from '../../../lib/shared/messages.ts';
import { contactSchema } from '../../../lib/shared/schemas/contact.ts';

/** POST /api/messaging/contact: a visitor's message from the landing page (SPEC §2, §7). */
export const POST = handle(async (context: APIContext) => {
  const input = await readBody(context.request, contactSchema);
  await sendContactMessage({ ...input, ip: clientAddress(context) });
  return json({ message: messages.contact.sent });
});
