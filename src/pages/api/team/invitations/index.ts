import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { inviteMember, listInvitations } from '@server/account/invitations/invite.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { inviteSchema } from '@shared/schemas/invitation.ts';

/** GET /api/team/invitations (Owner): the pending invitations with their expiry (docs/decisions/028-teams.md §7). */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'invitations.manage');
  return json({ invitations: await listInvitations(access) });
});

/**
 * POST /api/team/invitations `{ email, role, guidebookIds?, maySeeSecrets? }` (Owner): mails a
 * single-use link valid 7 days. → 201 `{ id, message }`; 400 bad input, 403 past the plan's member
 * limit (`messages.team.memberLimit`), 409 a member or an open invitation already, 429 past the mail budget.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'invitations.manage');
  const { user } = requireUser(context.locals);
  const input = await readBody(context.request, inviteSchema);
  const { id } = await inviteMember({ access, name: user.name }, input);
  return json({ id, message: messages.invitations.sent(input.email) }, 201);
});
