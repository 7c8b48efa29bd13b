import type { APIContext } from 'astro';
import { changePassword } from '@server/auth/change-password.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';
import { changePasswordSchema } from '@shared/schemas/auth.ts';

/** PATCH /api/users/password: other sessions end; this one continues under a new cookie. */
export const PATCH = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const { user } = requireUser(context.locals);
  const { newPassword, oldPassword } = await readBody(context.request, changePasswordSchema);
  const { user: updated, ...session } = await changePassword({ user, oldPassword, newPassword, ip: clientAddress(context) });
  return jsonWithSession(config, { message: messages.auth.passwordUpdated, user: toUserInfo(updated) }, session);
});
