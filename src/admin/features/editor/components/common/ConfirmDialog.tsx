import { AlertDialog } from 'radix-ui';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Where the focus goes once the dialog closes; Radix returns it to the opener by default. */
  onCloseAutoFocus?: (event: Event) => void;
  danger?: boolean;
}

/** A yes/no question in a modal (Radix AlertDialog: focus trap, Escape cancels, Cancel is focused first). */
export function ConfirmDialog({ open, onOpenChange, title, description, cancelLabel = 'Cancel', confirmLabel, onConfirm, onCloseAutoFocus, danger = false }: Props) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none"
        >
          <AlertDialog.Title className="font-display text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
