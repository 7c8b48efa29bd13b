import type { APIContext } from 'astro';
import { resendVerification } from '@server/auth/resend-verification.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { planIntentOf } from '@shared/plan-intent.ts';
import { resendVerificationSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/resend-verification: the same 200 whether or not the address waits for verification. */
export const POST = handle(async (context: APIContext) => {
  const { email, plan, interval } = await readBody(context.request, resendVerificationSchema);
  await resendVerification({ email, ip: clientAddress(context), intent: planIntentOf(plan, interval) });
  return json({ message: messages.auth.verificationResent });
});
