import { Download, ShieldCheck, UserX } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { guestDataExportSchema } from '@shared/schemas/guest-data.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { GUEST_EMAIL_INPUT } from '../../../components/ui/guest-email.ts';
import { useEraseGuestData, useExportGuestData } from '../api/guest-data.ts';

/**
 * A guest asks for their data, or to be forgotten (docs/decisions/029-pms-connectors.md §10): by
 * their address, across every guidebook of the team, for whoever may (`guestData.manage`). Under
 * the stays, where a host looks for their guests; the address is sent in the body, never a URL.
 */
export function GuestDataRequest({ level }: { level: 2 | 3 }) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState<string | null>(null);
  const download = useExportGuestData();
  const erase = useEraseGuestData();
  const Heading = level === 2 ? 'h2' : 'h3';

  function checked(): string | null {
    const parsed = guestDataExportSchema.safeParse({ email });
    setError(parsed.success ? undefined : messages.guestData.emailInvalid);
    return parsed.success ? parsed.data.email : null;
  }
  async function exportData(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = checked();
    if (!address) return;
    try {
      const data = await download.mutateAsync(address);
      toast.success(`Downloaded: ${data.stays.length} stay${data.stays.length === 1 ? '' : 's'} and ${data.orders.length} order${data.orders.length === 1 ? '' : 's'}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The guest’s data could not be exported. Try again.'));
    }
  }
  async function confirmErase(address: string) {
    try {
      toast.success((await erase.mutateAsync({ email: address })).message);
      setEmail('');
    } catch (failure) {
      toast.error(errorMessage(failure, 'The guest’s details could not be erased. Try again.'));
    }
    setAsking(null);
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card grid gap-3 p-4 sm:p-5">
      <Heading id={`${ids}-heading`} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <ShieldCheck className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        A guest asks for their data
      </Heading>
      <p className="text-sm text-muted">Every stay and order of your team with their address, in all your guidebooks: download it for them, or erase their details (paid orders keep what your bookkeeping needs).</p>
      <form className="grid gap-3" noValidate onSubmit={(event) => void exportData(event)}>
        <TextField id={`${ids}-email`} label="Guest’s email address" {...GUEST_EMAIL_INPUT} value={email} onChange={(event) => setEmail(event.target.value)} error={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-secondary" disabled={download.isPending}>
            <Download className="size-4" aria-hidden="true" />
            Download their data
          </button>
          <button type="button" className="btn-secondary" onClick={() => setAsking(checked())}>
            <UserX className="size-4" aria-hidden="true" />
            Erase their details
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Erase this guest’s details?"
        description={`The name, e-mail, phone and your notes on every stay with ${asking ?? ''}, and the details on their orders not paid, are erased in all your guidebooks. This cannot be undone.`}
        confirmLabel="Erase"
        danger
        busy={erase.isPending}
        onConfirm={() => (asking ? void confirmErase(asking) : undefined)}
      />
    </section>
  );
}
