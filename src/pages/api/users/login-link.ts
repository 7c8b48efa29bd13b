import type { APIContext } from 'astro';
import { readDeviceToken, rememberDevice } from '@server/auth/known-device.ts';
import { loginWithLink } from '@server/auth/login-with-link.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { handle, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { loginLinkSchema } from '@shared/schemas/auth.ts';

/**
 * POST /api/users/login-link: signs in with the one-time link mailed past the per-account failure
 * limit (/login?link=…). A POST from the login page, so a mail scanner fetching the link uses nothing.
 */
export const POST = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const { token } = await readBody(context.request, loginLinkSchema);
  const { user, ...session } = await loginWithLink({ token });
  return jsonWithSession(config, toUserInfo(user), session, 200, [await rememberDevice(config, user.id, readDeviceToken(context.request, config))]);
});
