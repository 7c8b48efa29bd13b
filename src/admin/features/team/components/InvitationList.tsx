import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useResendInvitation, useRevokeInvitation, type Invitation } from '../api/members.ts';
import { formatDay } from './role-words.ts';

interface Props {
  invitations: readonly Invitation[];
  /** The Owner resends and revokes; an Admin reads. */
  manage: boolean;
}

/** Invitations not yet accepted (docs/product.md §6 Team members): the address, the role, until when the link works; Resend and Revoke. */
export function InvitationList({ invitations, manage }: Props) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  function send(invitation: Invitation) {
    resend.mutate(invitation.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (failure) => toast.error(errorMessage(failure, 'The invitation could not be sent again. Please try again.')),
    });
  }

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (failure) => toast.error(errorMessage(failure, 'The invitation could not be revoked. Please try again.')),
      onSettled: () => setRevoking(null),
    });
  }

  if (invitations.length === 0) return <p className="text-sm text-muted">No invitations waiting.</p>;
  return (
    <>
      <ul className="grid gap-3" aria-label="Pending invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="card flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-semibold text-ink [overflow-wrap:anywhere]">{invitation.email}</p>
              <p className="text-sm text-muted">
                {ROLE_NAMES[invitation.role]} ·{' '}
                {invitation.expired ? <span className="font-medium text-red-700 dark:text-red-300">Expired on {formatDay(invitation.expiresAt)}</span> : `Link works until ${formatDay(invitation.expiresAt)}`}
              </p>
            </div>
            {manage ? (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-secondary" disabled={resend.isPending} onClick={() => send(invitation)} aria-label={`Resend the invitation to ${invitation.email}`}>
                  Resend
                </button>
                <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => setRevoking(invitation)} aria-label={`Revoke the invitation to ${invitation.email}`}>
                  Revoke
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke this invitation?"
        description={`The link mailed to ${revoking?.email ?? 'this address'} stops working.`}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
