import { AlertDialog } from 'radix-ui';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
}

/**
 * A yes/no question before an action that cannot be taken back (delete, new link). Radix
 * AlertDialog: focus starts on Cancel, Escape cancels, a click outside does not dismiss it.
 * The dialog stays open while the call runs, so the outcome lands where the user is looking.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busy, danger = false, onConfirm }: Props) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none">
          <AlertDialog.Title className="font-display text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
              disabled={busy}
              aria-busy={busy}
              onClick={onConfirm}
            >
              {busy ? 'Working…' : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
