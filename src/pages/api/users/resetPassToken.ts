import type { APIContext } from 'astro';
import { resetPassword } from '@server/auth/reset-password.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { resetPasswordSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/resetPassToken: sets the new password and ends every session of the account. */
export const POST = handle(async (context: APIContext) => {
  const { token, newPassword } = await readBody(context.request, resetPasswordSchema);
  await resetPassword({ token, newPassword });
  return json({ message: messages.auth.passwordChanged });
});
