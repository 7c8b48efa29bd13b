import type { APIContext } from 'astro';
import { confirmEmailChange } from '@server/auth/confirm-email-change.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { jsonWithSession } from '@server/auth/session-response.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { handle, readBody } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';
import { confirmEmailChangeSchema } from '@shared/schemas/auth.ts';

/** PATCH /api/users/confirm-user-change-email: applies the new address; the session is refreshed. */
export const PATCH = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  const { user } = requireUser(context.locals);
  const { verificationToken } = await readBody(context.request, confirmEmailChangeSchema);
  const { user: updated, ...session } = await confirmEmailChange({ user, token: verificationToken });
  return jsonWithSession(config, { message: messages.auth.emailVerified, user: toUserInfo(updated) }, session);
});
