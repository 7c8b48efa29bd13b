import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useChangeMember, useGuidebookChoices, type Member } from '../api/members.ts';
import { AccessFields, type Access } from './AccessFields.tsx';

interface Props {
  member: Member;
  onClose: () => void;
}

/** The Owner changes a member's role, guidebooks or "may see secrets" (PATCH /api/team/members/:id); it counts at their next request. */
export function ChangeAccessDialog({ member, onClose }: Props) {
  const [access, setAccess] = useState<Access>({ role: member.role === 'owner' ? 'admin' : member.role, guidebookIds: member.guidebookIds, maySeeSecrets: member.maySeeSecrets });
  const [error, setError] = useState<string | null>(null);
  const guidebooks = useGuidebookChoices();
  const change = useChangeMember();

  function submit() {
    const needsGuidebooks = access.role !== 'admin';
    if (needsGuidebooks && access.guidebookIds.length === 0) return setError(messages.invitations.guidebooksRequired);
    setError(null);
    const body = { role: access.role, ...(needsGuidebooks ? { guidebookIds: access.guidebookIds } : {}), maySeeSecrets: access.role === 'cleaner' && access.maySeeSecrets };
    change.mutate(
      { id: member.id, change: body },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'The change could not be saved. Please try again.')),
      },
    );
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change ${member.name}’s access`}
      description="It counts from their next click; they stay signed in."
      submitLabel="Save access"
      busy={change.isPending}
      error={error}
      onSubmit={submit}
    >
      <AccessFields access={access} onChange={setAccess} guidebooks={guidebooks.data} disabled={change.isPending} />
    </FormDialog>
  );
}
