import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { inviteSchema } from '@shared/schemas/invitation.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useGuidebookChoices, useInvite } from '../api/members.ts';
import { AccessFields, type Access } from './AccessFields.tsx';

const FRESH: Access = { role: 'editor', guidebookIds: [], maySeeSecrets: false };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Owner's invite (POST /api/team/invitations, docs/product.md §6 Team members): an address, a
 * role and, for an Editor or a Cleaner, their guidebooks. Checked with the server's own schema
 * before it is sent; the server's refusal (a member already, the limit) is said in the form.
 */
export function InviteDialog({ open, onOpenChange }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [access, setAccess] = useState<Access>(FRESH);
  const [error, setError] = useState<string | null>(null);
  const guidebooks = useGuidebookChoices();
  const invite = useInvite();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setEmail('');
      setAccess(FRESH);
      setError(null);
    }
  }

  function submit() {
    const input = { email, ...access, guidebookIds: access.role === 'admin' ? [] : access.guidebookIds, maySeeSecrets: access.role === 'cleaner' && access.maySeeSecrets };
    const checked = inviteSchema.safeParse(input);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please check the form.');
    setError(null);
    invite.mutate(checked.data, {
      onSuccess: ({ message }) => {
        toast.success(message);
        close(false);
      },
      onError: (failure) => setError(errorMessage(failure, 'The invitation could not be sent. Please try again.')),
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Invite a team member"
      description="They get an e-mail with a link that works for 7 days."
      submitLabel="Send invitation"
      busy={invite.isPending}
      error={error}
      onSubmit={submit}
    >
      <div>
        <label htmlFor={`${id}-email`} className="field-label">
          E-mail address
        </label>
        <input id={`${id}-email`} type="email" autoComplete="off" className="field-input" value={email} onChange={(event) => setEmail(event.target.value)} required />
      </div>
      <AccessFields access={access} onChange={setAccess} guidebooks={guidebooks.data} disabled={invite.isPending} />
    </FormDialog>
  );
}
