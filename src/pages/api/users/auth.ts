import type { APIContext } from 'astro';
import { readDeviceToken, rememberDevice } from '@server/auth/known-device.ts';
import { EmailNotVerifiedError, LoginProofRequiredError, loginUser } from '@server/auth/login-user.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { loginSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/auth: password login; answers the user info of docs/product.md §3 and sets the cookie. */
export const POST = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const input = await readBody(context.request, loginSchema);
  const deviceToken = readDeviceToken(context.request, config);
  try {
    const { user, ...session } = await loginUser({ ...input, ip: clientAddress(context), deviceToken });
    return jsonWithSession(config, toUserInfo(user), session, 200, [await rememberDevice(config, user.id, deviceToken)]);
  } catch (error) {
    // Answers the form acts on: the verification notice, or "open the link we mailed you".
    if (error instanceof EmailNotVerifiedError || error instanceof LoginProofRequiredError) return json({ message: error.message, code: error.errorCode }, error.status);
    throw error;
  }
});
