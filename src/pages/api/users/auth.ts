import type { APIContext } from 'astro';
import { EmailNotVerifiedError, loginUser } from '@server/auth/login-user.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/runtime.ts';
import { loginSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/auth: password login; answers the user info of SPEC §3 and sets the cookie. */
export const POST = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const input = await readBody(context.request, loginSchema);
  try {
    const { user, ...session } = await loginUser({ ...input, ip: clientAddress(context) });
    return jsonWithSession(config, toUserInfo(user), session);
  } catch (error) {
    if (error instanceof EmailNotVerifiedError) return json({ message: error.message, code: error.errorCode }, error.status);
    throw error;
  }
});
