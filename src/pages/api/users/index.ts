import type { APIContext } from 'astro';
import { createSession } from '@server/auth/create-session.ts';
import { registerUser } from '@server/auth/register-user.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';
import { registerSchema } from '@shared/schemas/auth.ts';
import { planIntentOf } from '@shared/plan-intent.ts';

/**
 * POST /api/users: register (docs/product.md §7). The same 201 whether or not the address had an
 * account; with `invitation` (an invitation to this address, no account yet) the account is made
 * verified, joins the team and is signed in (docs/decisions/028-teams.md §7).
 */
export const POST = handle(async (context: APIContext) => {
  const { plan, interval, ...input } = await readBody(context.request, registerSchema);
  const registered = await registerUser({ ...input, ip: clientAddress(context), intent: planIntentOf(plan, interval) });
  if (registered.joined) {
    const { config } = await getRuntime();
    return jsonWithSession(config, { message: messages.invitations.joined(registered.teamName) }, await createSession({ userId: registered.userId }), 201);
  }
  return json({ message: messages.auth.registered }, 201);
});
