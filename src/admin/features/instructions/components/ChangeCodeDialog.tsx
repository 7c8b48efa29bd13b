import { useState } from 'react';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentCode: string;
  busy: boolean;
  onSubmit: (code: string) => void;
}

/**
 * docs/product.md §4 "Change Code": replaces the lock-box/access code. docs/product.md §5: no client-side rule, an
 * empty code is allowed (it clears the code).
 */
export function ChangeCodeDialog({ open, onOpenChange, currentCode, busy, onSubmit }: Props) {
  const [code, setCode] = useState(currentCode);
  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts from the current code (state adjusted during render, no effect needed).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setCode(currentCode);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Code"
      description="The lock-box or door code guests see in this guidebook. Leave it empty to remove it."
      submitLabel="Save code"
      busy={busy}
      onSubmit={() => onSubmit(code)}
    >
      <TextField label="New code" name="code" value={code} maxLength={MAX_TEXT} autoComplete="off" spellCheck={false} onChange={(event) => setCode(event.target.value)} />
    </FormDialog>
  );
}
