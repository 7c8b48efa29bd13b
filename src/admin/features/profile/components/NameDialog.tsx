import { messages } from '@shared/messages.ts';
import { NAME_MAX } from '@shared/schemas/auth.ts';
import { useChangeName } from '../api/change-name.ts';
import { PasswordConfirmedDialog } from './PasswordConfirmedDialog.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string;
}

/** docs/product.md §4/§5: new name and password, both required; success replaces the stored user. */
export function NameDialog({ open, onOpenChange, currentName }: Props) {
  return (
    <PasswordConfirmedDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change name"
      description={`Your name is now “${currentName}”.`}
      submitLabel="Save name"
      field={{ label: 'New name', name: 'newName', autoComplete: 'name', maxLength: NAME_MAX }}
      change={useChangeName()}
      toInput={(newName, password) => ({ newName, password })}
      success={messages.auth.nameUpdated}
    />
  );
}
