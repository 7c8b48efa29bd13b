import type { APIContext } from 'astro';
import { requestEmailChange } from '../../../lib/server/auth/request-email-change.ts';
import { requireUser } from '../../../lib/server/auth/require-user.ts';
import { clientAddress } from '../../../lib/server/http/client-address.ts';
import { handle, json, readBody } from '../../../lib/server/http/json.ts';
import { messages } from '../../../lib/shared/messages.ts';
import { changeEmailSchema } from '../../../lib/shared/schemas/auth.ts';

/** PATCH /api/users/email: mails a confirmation link to the new address; nothing changes yet (SPEC §4). */
export const PATCH = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { newEmail, password } = await readBody(context.request, changeEmailSchema);
  await requestEmailChange({ user, newEmail, password, ip: clientAddress(context) });
  return json({ message: messages.auth.emailSent });
});
