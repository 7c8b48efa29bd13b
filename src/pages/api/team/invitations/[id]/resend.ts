import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { resendInvitation } from '@server/account/invitations/invite.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/team/invitations/:id/resend (Owner): a new link and a new 7 days; the old link dies. 404, 409 as DELETE; 429 past the mail budget. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'invitations.manage');
  const { user } = requireUser(context.locals);
  const { email } = await resendInvitation({ access, name: user.name }, context.params.id ?? '');
  return json({ message: messages.invitations.resent(email) });
});
