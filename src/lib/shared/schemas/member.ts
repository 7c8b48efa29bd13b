import { z } from 'zod';
import { messages } from '../messages.ts';
import type { PlanId } from '../plans.ts';
import type { TeamRole } from '../team-roles.ts';
import { INVITED_ROLES, type PendingInvitation } from './invitation.ts';

const text = messages.members;

/**
 * PATCH /api/team/members/:membershipId `{ role?, guidebookIds?, maySeeSecrets? }` (Owner): at
 * least one of them. An Editor or a Cleaner needs at least one guidebook after the change (the
 * ones sent, or those they hold); an Admin holds none (docs/decisions/028-teams.md §7).
 */
export const memberChangeSchema = z
  .object(
    {
      role: z.enum(INVITED_ROLES, { error: text.roleInvalid }).optional(),
      guidebookIds: z
        .array(z.string({ error: messages.invitations.guidebookUnknown }).min(1, messages.invitations.guidebookUnknown).max(64, messages.invitations.guidebookUnknown), { error: messages.invitations.guidebooksRequired })
        .max(500, messages.invitations.guidebookUnknown)
        .optional(),
      maySeeSecrets: z.boolean({ error: text.secretsInvalid }).optional(),
    },
    { error: text.nothingToChange },
  )
  .refine((input) => input.role !== undefined || input.guidebookIds !== undefined || input.maySeeSecrets !== undefined, { message: text.nothingToChange });

export type MemberChange = z.output<typeof memberChangeSchema>;

/** A member as the members screen shows them. */
export interface TeamMember {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  /** The guidebooks an Editor or a Cleaner works on (empty for the Owner and Admins, who see all). */
  guidebookIds: string[];
  /** Meaningful for a Cleaner: the door code, the Wi-Fi password and the guest links. */
  maySeeSecrets: boolean;
  joinedAt: number;
}

/** GET /api/team/members: the members, the pending invitations and the plan's limit (members and open invitations count). */
export interface MembersAnswer {
  members: TeamMember[];
  invitations: PendingInvitation[];
  limit: { plan: PlanId; planName: string; members: number; taken: number };
}
