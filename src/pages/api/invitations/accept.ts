import type { APIContext } from 'astro';
import { acceptInvitation } from '@server/account/invitations/accept-invitation.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { acceptInvitationSchema } from '@shared/schemas/invitation.ts';

/**
 * POST /api/invitations/accept `{ token }` (any signed-in person, for their own account): joins the
 * team the link invites to, bound to the invited address, and the session acts for it
 * (docs/decisions/028-teams.md §7). → `{ message, teamId }`; 403 another address (masked), 403 past
 * the member limit, 404 unknown, 409 already a member, 410 expired, revoked or used.
 */
export const POST = handle(async (context: APIContext) => {
  const { user, session } = requireUser(context.locals);
  const { token } = await readBody(context.request, acceptInvitationSchema);
  const { teamId, teamName } = await acceptInvitation({ token, userId: user.id, email: user.email, name: user.name, sessionId: session.id });
  return json({ message: messages.invitations.joined(teamName), teamId });
});
