import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { sendUserMessage } from '@server/messaging/send-user-message.ts';
import { messages } from '@shared/messages.ts';
import { userMessageSchema } from '@shared/schemas/user-message.ts';

/** POST /api/messaging/sendMessageFromUser: support and feedback from a signed-in host (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const input = await readBody(context.request, userMessageSchema);
  await sendUserMessage({ ...input, userId: user.id, accountEmail: user.email, ip: clientAddress(context) });
  return json({ message: messages.contact.sent });
});
