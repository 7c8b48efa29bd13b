import type { APIContext } from 'astro';
import { registerUser } from '@server/auth/register-user.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { registerSchema } from '@shared/schemas/auth.ts';
import { planIntentOf } from '@shared/plan-intent.ts';

/** POST /api/users: register (docs/product.md §7). The same 201 whether or not the address had an account. */
export const POST = handle(async (context: APIContext) => {
  const { plan, interval, ...input } = await readBody(context.request, registerSchema);
  await registerUser({ ...input, ip: clientAddress(context), intent: planIntentOf(plan, interval) });
  return json({ message: messages.auth.registered }, 201);
});
