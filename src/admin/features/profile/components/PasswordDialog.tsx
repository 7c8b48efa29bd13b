import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/schemas/auth.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { errorMessage } from '@shared/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY = { oldPassword: '', newPassword: '', repeatPassword: '' };

/** First broken rule of docs/product.md §5 "Change password", in the order a user fixes them. */
function validate(form: typeof EMPTY): string | null {
  if (!form.oldPassword || !form.newPassword) return messages.auth.bothRequired;
  if (form.newPassword !== form.repeatPassword) return messages.auth.newPasswordsDontMatch;
  if (form.newPassword.length < PASSWORD_MIN) return messages.auth.passwordTooShort;
  return null;
}

/** docs/product.md §4: old, new and repeated password; success replaces the stored user. */
export function PasswordDialog({ open, onOpenChange }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  function setOpen(next: boolean) {
    if (!next) {
      setForm(EMPTY);
      setError(null);
      change.reset();
    }
    onOpenChange(next);
  }

  function field(name: keyof typeof EMPTY) {
    return {
      name,
      type: 'password',
      maxLength: PASSWORD_MAX,
      value: form[name],
      onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  function submit() {
    const problem = validate(form);
    setError(problem);
    if (problem) return;
    change.mutate(
      { newPassword: form.newPassword, oldPassword: form.oldPassword },
      {
        onSuccess: () => {
          toast.success(messages.auth.passwordUpdated);
          setOpen(false);
        },
        onError: (failure) => setError(errorMessage(failure, messages.app.crashed)),
      },
    );
  }

  return (
    <FormDialog open={open} onOpenChange={setOpen} title="Change password" submitLabel="Save password" busy={change.isPending} error={error} onSubmit={submit}>
      <TextField label="Current password" autoComplete="current-password" {...field('oldPassword')} />
      <TextField label="New password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} {...field('newPassword')} />
      <TextField label="Repeat new password" autoComplete="new-password" {...field('repeatPassword')} />
    </FormDialog>
  );
}
