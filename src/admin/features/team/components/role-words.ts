import type { InvitedRole } from '@shared/schemas/invitation.ts';
import type { TeamRole } from '@shared/team-roles.ts';

/** What each role may do, in one line, as the invite form and the change dialog explain it (docs/product.md §6 Team roles). */
export const ROLE_HINTS: Readonly<Record<InvitedRole, string>> = {
  admin: 'Everything in every guidebook and Auto-Fill; not the plan, payouts or the team’s members.',
  editor: 'Edits the chosen guidebooks, their stays and orders; cannot change the door code.',
  cleaner: 'Sees the chosen guidebooks and their stays, read only.',
};

/** Whether a role works on chosen guidebooks only (the Owner and Admins see them all). */
export const choosesGuidebooks = (role: TeamRole) => role === 'editor' || role === 'cleaner';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatDay = (at: number) => day.format(new Date(at));
