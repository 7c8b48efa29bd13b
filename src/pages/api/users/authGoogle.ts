import type { APIContext } from 'astro';
import { readDeviceToken, rememberDevice } from '@server/auth/known-device.ts';
import { loginWithGoogle } from '@server/auth/login-with-google.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { googleLoginSchema } from '@shared/schemas/auth.ts';

/** POST /api/users/authGoogle `{ credential, invitation? }`: sign in with a Google ID token, accepting an invitation to its address (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const { credential, invitation } = await readBody(context.request, googleLoginSchema);
  const { user, ...session } = await loginWithGoogle({ credential, ip: clientAddress(context), invitation });
  return jsonWithSession(config, toUserInfo(user), session, 200, [await rememberDevice(config, user.id, readDeviceToken(context.request, config))]);
});
