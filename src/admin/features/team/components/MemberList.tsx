import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useRemoveMember, type GuidebookChoice, type Member } from '../api/members.ts';
import { ChangeAccessDialog } from './ChangeAccessDialog.tsx';
import { choosesGuidebooks, formatDay } from './role-words.ts';

interface Props {
  members: readonly Member[];
  guidebooks: readonly GuidebookChoice[] | undefined;
  /** The Owner changes and removes; an Admin reads. */
  manage: boolean;
  /** The signed-in person's membership, marked "you". */
  myMembershipId: string;
}

/** What a member works on: every guidebook, or the chosen ones by name. */
function scopeOf(member: Member, guidebooks: readonly GuidebookChoice[] | undefined): string {
  if (!choosesGuidebooks(member.role)) return 'All guidebooks';
  // In the guidebook list's order, so the line reads the same whichever order they were granted in.
  const names = (guidebooks ?? []).filter((guidebook) => member.guidebookIds.includes(guidebook.id)).map((guidebook) => guidebook.name);
  if (names.length === 0) return member.guidebookIds.length === 1 ? '1 guidebook' : `${member.guidebookIds.length} guidebooks`;
  return names.join(', ');
}

/** The team's members (docs/product.md §6 Team members): name, address, role, guidebooks, since when; the Owner's Change and Remove. */
export function MemberList({ members, guidebooks, manage, myMembershipId }: Props) {
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember();

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setRemoving(null);
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, 'The member could not be removed. Please try again.'));
        setRemoving(null);
      },
    });
  }

  return (
    <>
      <ul className="grid gap-3" aria-label="Members">
        {members.map((member) => (
          <li key={member.id} className="card flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
            <div className="min-w-0 flex-1 basis-64">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink [overflow-wrap:anywhere]">{member.name}</span>
                {member.id === myMembershipId ? <span className="text-sm text-muted">(you)</span> : null}
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:text-brand-200">{ROLE_NAMES[member.role]}</span>
              </p>
              <p className="text-sm text-muted [overflow-wrap:anywhere]">{member.email}</p>
              <p className="mt-2 text-sm text-ink [overflow-wrap:anywhere]">
                <span className="text-muted">Guidebooks: </span>
                {scopeOf(member, guidebooks)}
              </p>
              {member.role === 'cleaner' ? <p className="text-sm text-ink">{member.maySeeSecrets ? 'May see door codes and Wi-Fi' : 'Does not see door codes or Wi-Fi'}</p> : null}
              <p className="mt-1 text-xs text-muted">Joined {formatDay(member.joinedAt)}</p>
            </div>
            {manage && member.role !== 'owner' ? (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-secondary" onClick={() => setChanging(member)} aria-label={`Change access for ${member.name}`}>
                  Change access
                </button>
                <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => setRemoving(member)} aria-label={`Remove ${member.name}`}>
                  Remove
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {changing ? <ChangeAccessDialog key={changing.id} member={changing} onClose={() => setChanging(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Remove ${removing?.name ?? 'this member'}?`}
        description="They lose access to this team’s guidebooks at once and are signed out of it. Their own account stays."
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
