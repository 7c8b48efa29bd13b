import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isPlanId } from '@shared/plans.ts';
import { INVITED_ROLES, type InviteInput } from '@shared/schemas/invitation.ts';
import type { MemberChange } from '@shared/schemas/member.ts';
import { TEAM_ROLES } from '@shared/team-roles.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The members screen's data (docs/product.md §6 Team members): GET /api/team/members (Owner,
 * Admin), the team's guidebooks to grant, and the Owner's changes, each refreshing the screen.
 */
const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  guidebookIds: z.array(z.string()),
  maySeeSecrets: z.boolean(),
  joinedAt: z.number(),
});

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  maySeeSecrets: z.boolean(),
  guidebookIds: z.array(z.string()),
  expiresAt: z.number(),
  expired: z.boolean(),
});

const membersSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  limit: z.object({ plan: z.string().refine(isPlanId), planName: z.string(), members: z.number(), taken: z.number() }),
});

export type Member = z.output<typeof memberSchema>;
export type Invitation = z.output<typeof invitationSchema>;
export type MembersView = z.output<typeof membersSchema>;

export function useMembers() {
  return useQuery(queryOptions({ queryKey: queryKeys.members.list(), queryFn: async () => membersSchema.parse(await api.get<unknown>('/api/team/members')) }));
}

const guidebookSchema = z.looseObject({ _id: z.string(), nameInstruction: z.string().catch('') });
export type GuidebookChoice = { id: string; name: string };

/** The team's guidebooks, by name, for the checkboxes of an Editor's or a Cleaner's access. */
export function useGuidebookChoices() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.members.guidebooks(),
      queryFn: async (): Promise<GuidebookChoice[]> => z.array(guidebookSchema).parse(await api.get<unknown>('/api/instruction')).map((each) => ({ id: each._id, name: each.nameInstruction || 'Untitled guidebook' })),
    }),
  );
}

/** A mutation whose success refreshes the screen and answers the server's `{ message }`. */
function useMembersChange<T>(send: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.members.all() }) });
}

export function useInvite() {
  return useMembersChange((input: InviteInput) => api.post<{ message: string }>('/api/team/invitations', input));
}

export function useChangeMember() {
  return useMembersChange(({ id, change }: { id: string; change: MemberChange }) => api.patch<{ message: string }>(`/api/team/members/${encodeURIComponent(id)}`, change));
}

export function useRemoveMember() {
  return useMembersChange((id: string) => api.delete<{ message: string; left: boolean }>(`/api/team/members/${encodeURIComponent(id)}`));
}

export function useResendInvitation() {
  return useMembersChange((id: string) => api.post<{ message: string }>(`/api/team/invitations/${encodeURIComponent(id)}/resend`));
}

export function useRevokeInvitation() {
  return useMembersChange((id: string) => api.delete<{ message: string }>(`/api/team/invitations/${encodeURIComponent(id)}`));
}
