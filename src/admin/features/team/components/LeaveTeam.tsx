import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useRemoveMember } from '../api/members.ts';

/**
 * Any member but the Owner may leave (DELETE of their own membership, docs/product.md §6 Team
 * members): their sessions for the team end with it, so the sign-in page comes next.
 */
export function LeaveTeam({ membershipId }: { membershipId: string }) {
  const [asking, setAsking] = useState(false);
  const leave = useRemoveMember();

  function confirm() {
    leave.mutate(membershipId, {
      onSuccess: ({ message }) => {
        toast.success(message);
        window.location.assign('/login');
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, 'You could not leave the team. Please try again.'));
        setAsking(false);
      },
    });
  }

  return (
    <section aria-labelledby="leave-team-title" className="card grid gap-3 p-5 sm:p-6">
      <div>
        <h2 id="leave-team-title" className="font-display text-lg font-bold text-ink">
          Leave this team
        </h2>
        <p className="mt-1 text-sm text-muted">You lose access to its guidebooks and are signed out of it. Your account stays; the owner can invite you again.</p>
      </div>
      <div>
        <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => setAsking(true)}>
          <LogOut className="size-4" aria-hidden="true" />
          Leave team
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Leave this team?"
        description="You lose access to its guidebooks at once. Only the owner can invite you back."
        confirmLabel="Leave team"
        danger
        busy={leave.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
