import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { changeMember, isLeaving, removeMember } from '@server/account/members.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { memberChangeSchema } from '@shared/schemas/member.ts';

/**
 * PATCH /api/team/members/:membershipId `{ role?, guidebookIds?, maySeeSecrets? }` (Owner): → 200
 * `{ message }`; 400 bad input or an Editor or Cleaner left without guidebooks, 403 another role
 * or the owner's own membership, 404 not a member of this team. Counts at the member's next request.
 */
export const PATCH = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'members.manage');
  const change = await readBody(context.request, memberChangeSchema);
  const { name } = await changeMember(access, context.params.id ?? '', change);
  return json({ message: messages.members.changed(name) });
});

/**
 * DELETE /api/team/members/:membershipId: the Owner removes a member; any member removes their own
 * membership (leaves; the owner cannot, 403). The person's sessions acting for this team end with
 * it (docs/decisions/028-teams.md §5). → 200 `{ message, left }`; 403 another's as a non-owner, 404 not in this team.
 */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  if (!isLeaving(access, id)) await authorize(access, 'members.manage');
  const { name, left, team } = await removeMember(access, id);
  return json({ message: left ? messages.members.left(team) : messages.members.removed(name), left });
});
