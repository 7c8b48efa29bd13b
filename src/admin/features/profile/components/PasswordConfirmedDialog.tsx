import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { PASSWORD_MAX } from '@shared/schemas/auth.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';

interface Props<Input> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  /** The new value's input (label, name, limits); its value is kept here. */
  field: Omit<ComponentProps<typeof TextField>, 'value' | 'onChange'>;
  change: UseMutationResult<unknown, Error, Input>;
  /** The request body from the new value (trimmed) and the password. */
  toInput: (value: string, password: string) => Input;
  /** The toast once the server agreed (docs/product.md §8). */
  success: string;
}

/**
 * docs/product.md §4/§5: an account change that asks for the password too, both required. Closing the
 * dialog forgets what was typed; the server's refusal stays in it.
 */
export function PasswordConfirmedDialog<Input>({ open, onOpenChange, title, description, submitLabel, field, change, toInput, success }: Props<Input>) {
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function setOpen(next: boolean) {
    if (!next) {
      setValue('');
      setPassword('');
      setError(null);
      change.reset();
    }
    onOpenChange(next);
  }

  function submit() {
    if (!value.trim() || !password) {
      setError(messages.auth.bothRequired);
      return;
    }
    setError(null);
    change.mutate(toInput(value.trim(), password), {
      onSuccess: () => {
        toast.success(success);
        setOpen(false);
      },
      onError: (failure) => setError(errorMessage(failure, messages.app.crashed)),
    });
  }

  return (
    <FormDialog open={open} onOpenChange={setOpen} title={title} description={description} submitLabel={submitLabel} busy={change.isPending} error={error} onSubmit={submit}>
      <TextField {...field} value={value} onChange={(event) => setValue(event.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} value={password} onChange={(event) => setPassword(event.target.value)} hint="Confirm it is you." />
    </FormDialog>
  );
}
