import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../lib/shared/messages.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../../../../lib/shared/schemas/auth.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeEmail } from '../api/change-email.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §4/§5: new e-mail and password, both required; the change waits for the mailed link. */
export function EmailDialog({ open, onOpenChange }: Props) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail();

  function setOpen(next: boolean) {
    if (!next) {
      setNewEmail('');
      setPassword('');
      setError(null);
      change.reset();
    }
    onOpenChange(next);
  }

  function submit() {
    if (!newEmail.trim() || !password) {
      setError(messages.auth.bothRequired);
      return;
    }
    setError(null);
    change.mutate(
      { newEmail: newEmail.trim(), password },
      {
        onSuccess: () => {
          toast.success(messages.auth.emailSent);
          setOpen(false);
        },
        onError: (failure) => setError(errorMessage(failure, messages.app.crashed)),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Change email"
      description="We send a link to the new address; the change takes effect once you open it."
      submitLabel="Send link"
      busy={change.isPending}
      error={error}
      onSubmit={submit}
    >
      <TextField label="New email" name="newEmail" type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX} value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} value={password} onChange={(event) => setPassword(event.target.value)} hint="Confirm it is you." />
    </FormDialog>
  );
}
