import type { APIContext } from 'astro';
import { resetPassword } from '../../../lib/server/auth/reset-password.ts';
import { handle, json, readBody } from '../../../lib/server/http/json.ts';
import { messages } from '../../../lib/shared/messages.ts';
import { resetPasswordSchema } from '../../../lib/shared/schemas/auth.ts';

/** POST /api/users/resetPassToken: sets the new password and ends every session of the account. */
export const POST = handle(async (context: APIContext) => {
  const { token, newPassword } = await readBody(context.request, resetPasswordSchema);
  await resetPassword({ token, newPassword });
  return json({ message: messages.auth.passwordChanged });
});
