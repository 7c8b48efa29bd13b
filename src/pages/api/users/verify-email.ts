import type { APIContext } from 'astro';
import { verifyEmail } from '@server/auth/verify-email.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { verifyEmailSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/verify-email: the link of the registration mail (docs/product.md §4). */
export const POST = handle(async (context: APIContext) => {
  const { token } = await readBody(context.request, verifyEmailSchema);
  await verifyEmail({ token });
  return json({ message: messages.auth.emailVerified });
});
