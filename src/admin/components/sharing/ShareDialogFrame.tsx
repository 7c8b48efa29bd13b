import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode, type RefObject } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** One line under the title (the guidebook's name, the guest and dates). */
  description: string;
  /** What takes the focus when the dialog opens (its main action). */
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The frame of the share dialogs (a guidebook's, a stay's): a Radix Dialog, so focus is trapped
 * and Escape closes it. These dialogs open from buttons that are not Dialog.Triggers (a panel row,
 * the editor's bar, a stay's card), so Radix does not know where focus came from: the frame
 * remembers it and gives it back on close. The sections come as children, divided by rules.
 */
export function ShareDialogFrame({ open, onOpenChange, title, description, initialFocus, children }: Props) {
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            initialFocus.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface text-ink shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-4 px-5 pb-4 pt-5 sm:px-6 sm:pt-6">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Description className="mt-0.5 truncate text-sm text-muted">{description}</Dialog.Description>
            </div>
            <Dialog.Close className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="divide-y divide-line border-t border-line">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One titled part of a share dialog (the link, its QR code, the mail). */
export function ShareSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="px-5 py-4 sm:px-6 sm:py-5">
      <h3 id={id} className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted">
        {title}
      </h3>
      {children}
    </section>
  );
}
