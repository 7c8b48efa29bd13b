import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../lib/shared/messages.ts';
import { NAME_MAX, PASSWORD_MAX } from '../../../../lib/shared/schemas/auth.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeName } from '../api/change-name.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string;
}

/** SPEC §4/§5: new name and password, both required; success replaces the stored user. */
export function NameDialog({ open, onOpenChange, currentName }: Props) {
  const [newName, setNewName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeName();

  function setOpen(next: boolean) {
    if (!next) {
      setNewName('');
      setPassword('');
      setError(null);
      change.reset();
    }
    onOpenChange(next);
  }

  function submit() {
    if (!newName.trim() || !password) {
      setError(messages.auth.bothRequired);
      return;
    }
    setError(null);
    change.mutate(
      { newName: newName.trim(), password },
      {
        onSuccess: () => {
          toast.success(messages.auth.nameUpdated);
          setOpen(false);
        },
        onError: (failure) => setError(errorMessage(failure, messages.app.crashed)),
      },
    );
  }

  return (
    <FormDialog open={open} onOpenChange={setOpen} title="Change name" description={`Your name is now “${currentName}”.`} submitLabel="Save name" busy={change.isPending} error={error} onSubmit={submit}>
      <TextField label="New name" name="newName" autoComplete="name" maxLength={NAME_MAX} value={newName} onChange={(event) => setNewName(event.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} value={password} onChange={(event) => setPassword(event.target.value)} hint="Confirm it is you." />
    </FormDialog>
  );
}
