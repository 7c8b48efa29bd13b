import { z } from 'zod';
import { messages } from '../messages.ts';
import { EMAIL_MAX } from './auth.ts';

const text = messages.invitations;

/** The roles an invitation may give (never Owner: the team has one, docs/decisions/028-teams.md §7). */
export const INVITED_ROLES = ['admin', 'editor', 'cleaner'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

/**
 * POST /api/team/invitations `{ email, role, guidebookIds?, maySeeSecrets? }`: the address is
 * trimmed and lower-cased (the accept is bound to it); an Editor or a Cleaner needs guidebooks.
 */
export const inviteSchema = z
  .object(
    {
      email: z.string({ error: text.emailRequired }).trim().min(1, text.emailRequired).max(EMAIL_MAX, text.emailInvalid).pipe(z.email(text.emailInvalid)).transform((value) => value.toLowerCase()),
      role: z.enum(INVITED_ROLES, { error: text.roleInvalid }),
      guidebookIds: z.array(z.string({ error: text.guidebookUnknown }).min(1, text.guidebookUnknown).max(64, text.guidebookUnknown), { error: text.guidebooksRequired }).max(500, text.guidebookUnknown).default([]),
      maySeeSecrets: z.boolean({ error: text.roleInvalid }).default(false),
    },
    { error: text.emailRequired },
  )
  .refine((input) => input.role === 'admin' || input.guidebookIds.length > 0, { message: text.guidebooksRequired, path: ['guidebookIds'] });

export type InviteInput = z.input<typeof inviteSchema>;
export type Invite = z.output<typeof inviteSchema>;

/** POST /api/invitations/accept `{ token }`. */
export const acceptInvitationSchema = z.object({ token: z.string({ error: text.tokenRequired }).min(1, text.tokenRequired).max(200, text.tokenRequired) }, { error: text.tokenRequired });

/** A pending invitation as the owner's list shows it. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitedRole;
  maySeeSecrets: boolean;
  guidebookIds: string[];
  createdAt: number;
  sentAt: number;
  expiresAt: number;
  expired: boolean;
}
