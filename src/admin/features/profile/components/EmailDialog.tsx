import { messages } from '@shared/messages.ts';
import { EMAIL_MAX } from '@shared/schemas/auth.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { PasswordConfirmedDialog } from './PasswordConfirmedDialog.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product.md §4/§5: new e-mail and password, both required; the change waits for the mailed link. */
export function EmailDialog({ open, onOpenChange }: Props) {
  return (
    <PasswordConfirmedDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change email"
      description="We send a link to the new address; the change takes effect once you open it."
      submitLabel="Send link"
      field={{ label: 'New email', name: 'newEmail', type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: EMAIL_MAX }}
      change={useChangeEmail()}
      toInput={(newEmail, password) => ({ newEmail, password })}
      success={messages.auth.emailSent}
    />
  );
}
