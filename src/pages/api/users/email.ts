import type { APIContext } from 'astro';
import { requestEmailChange } from '@server/auth/request-email-change.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { changeEmailSchema } from '@shared/schemas/auth.ts';

/** PATCH /api/users/email: mails a confirmation link to the new address; nothing changes yet (docs/product.md §4). */
export const PATCH = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { newEmail, password } = await readBody(context.request, changeEmailSchema);
  await requestEmailChange({ user, newEmail, password, ip: clientAddress(context) });
  return json({ message: messages.auth.emailSent });
});
