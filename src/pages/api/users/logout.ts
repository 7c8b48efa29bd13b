import type { APIContext } from 'astro';
import { invalidateSession } from '@server/auth/invalidate-sessions.ts';
import { jsonClearingSession } from '@server/auth/session-response.ts';
import { handle } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/users/logout: ends the session on the server and clears the cookie, signed in or not. */
export const POST = handle(async (context: APIContext) => {
  const { config } = await getRuntime();
  if (context.locals.session) await invalidateSession({ sessionId: context.locals.session.id });
  return jsonClearingSession(config, { message: messages.auth.loggedOut });
});
