import { AlertDialog } from 'radix-ui';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
  /**
   * Given for an action that runs while the dialog waits (delete, new link): it stays open until
   * the caller closes it, so the outcome lands where the user is looking. Without it, confirming
   * closes the dialog at once.
   */
  busy?: boolean;
  /** Where the focus goes once the dialog closes; Radix returns it to the opener by default. */
  onCloseAutoFocus?: (event: Event) => void;
  danger?: boolean;
  /** The question is not whole yet (what it says is still being read): the confirm button waits. */
  waiting?: boolean;
}

/**
 * A yes/no question in a modal (Radix AlertDialog: focus trap, focus starts on Cancel, Escape
 * cancels, a click outside does not dismiss it). Above the options panel, which is a dialog too.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, cancelLabel = 'Cancel', confirmLabel, onConfirm, busy, onCloseAutoFocus, danger = false, waiting = false }: Props) {
  const confirmClass = danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary';
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none"
        >
          <AlertDialog.Title className="font-display text-xl font-bold [overflow-wrap:anywhere]">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted" aria-live="polite">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary" disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            {busy === undefined ? (
              <AlertDialog.Action className={confirmClass} disabled={waiting} onClick={onConfirm}>
                {confirmLabel}
              </AlertDialog.Action>
            ) : (
              <button type="button" className={confirmClass} disabled={busy || waiting} aria-busy={busy} onClick={onConfirm}>
                {busy ? 'Working…' : confirmLabel}
              </button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
