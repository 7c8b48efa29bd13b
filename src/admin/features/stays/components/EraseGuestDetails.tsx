import { UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useEraseGuestData } from '../api/guest-data.ts';

/**
 * A stay's own "Erase guest's details" (docs/decisions/029-pms-connectors.md §10), in its edit
 * dialog for whoever may (`guestData.manage`): the name, e-mail, phone, count and note go; the stay
 * and its dates stay, and a booking system never fills them again.
 */
export function EraseGuestDetails({ stay, onErased }: { stay: Stay; onErased: () => void }) {
  const [asking, setAsking] = useState(false);
  const erase = useEraseGuestData();
  async function confirm() {
    try {
      const { message } = await erase.mutateAsync({ stayId: stay._id });
      toast.success(message);
      setAsking(false);
      onErased();
    } catch (error) {
      toast.error(errorMessage(error, 'The guest’s details could not be erased. Try again.'));
      setAsking(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-4">
      <p className="min-w-0 flex-1 basis-56 text-sm text-muted">A guest asked to be forgotten? Their details go; the stay and its dates stay.</p>
      <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
        <UserX className="size-4" aria-hidden="true" />
        Erase guest’s details
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Erase this guest’s details?"
        description={`${stay.guestName || 'The guest'}’s name, e-mail, phone and your note on this stay are erased, and the details on its orders not paid. This cannot be undone.`}
        confirmLabel="Erase"
        danger
        busy={erase.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
