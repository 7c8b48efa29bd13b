import type { APIContext } from 'astro';
import { requestPasswordReset } from '@server/auth/request-password-reset.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { requestResetSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/requestResetPassword: the same answer whether or not the address has an account. */
export const POST = handle(async (context: APIContext) => {
  const { email } = await readBody(context.request, requestResetSchema);
  await requestPasswordReset({ email, ip: clientAddress(context) });
  return json({ message: messages.auth.resetMailSent });
});
