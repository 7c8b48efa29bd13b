import type { APIContext } from 'astro';
import { checkResetToken } from '@server/auth/reset-password.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { checkTokenSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/checkToken: the reset page checks its link on load (docs/product.md §4). */
export const POST = handle(async (context: APIContext) => {
  // A link without a usable token is as good as an expired one for the page.
  const input = await readBody(context.request, checkTokenSchema).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'BAD_REQUEST' ? new AppError('BAD_REQUEST', messages.auth.resetExpired) : error;
  });
  const { email } = await checkResetToken({ token: input.token });
  return json({ valid: true, email });
});
