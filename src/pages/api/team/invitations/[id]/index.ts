import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { revokeInvitation } from '@server/account/invitations/invite.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';

/** DELETE /api/team/invitations/:id (Owner): the link dies. 404 another team's or none; 409 already accepted or revoked. */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'invitations.manage');
  await revokeInvitation(access, context.params.id ?? '');
  return json({ message: messages.invitations.revoked });
});
