import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { ArrivalView } from '@shared/schemas/arrivals.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useTypeCode } from '../api/arrivals.ts';

/**
 * "Type a code" (Owner and Admin; docs/decisions/030-smart-locks.md §5 `host-code`): the code the
 * member set on the lock themselves, for a stay whose code failed or fell back to a backup code.
 * The guest sees it on the stay link from then on.
 */
export function TypeCodeDialog({ arrival, guest, onClose }: { arrival: ArrivalView; guest: string; onClose: () => void }) {
  const id = useId();
  const type = useTypeCode(arrival);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!/^\d{4,12}$/.test(code)) return setError(messages.locks.manualInvalid);
    setError(null);
    type.mutate(code, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, 'The code could not be saved. Please try again.')),
    });
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Door code for ${guest}`}
      description={`Set a code on ${arrival.lock ?? 'the lock'} yourself, then type it here: ${guest} sees it on the stay link.`}
      submitLabel="Save code"
      busy={type.isPending}
      error={error}
      onSubmit={submit}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-code`} className="text-sm font-medium text-ink">
          Code set on the lock
        </label>
        <input id={`${id}-code`} className="field-input font-mono tracking-widest" inputMode="numeric" autoComplete="off" maxLength={12} value={code} onChange={(event) => setCode(event.target.value.trim())} />
      </div>
    </FormDialog>
  );
}
