import { Check, Copy, Download, Printer, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useRef, useState, type ReactNode } from 'react';
import { copyGuestLink, guestLink, posterUrl, qrDownloadUrl } from '../../lib/guest-link.ts';
import { ShareByEmailForm } from './ShareByEmailForm.tsx';

export interface ShareTarget {
  id: string;
  name: string;
  token: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guidebook: ShareTarget;
}

/**
 * Issue 5 item 6: every way to hand a guidebook to guests, from the options panel and the editor.
 * The link (copy), its QR code (PNG, SVG, printable poster) and a mail to a guest. A Radix Dialog:
 * focus is trapped, starts on "Copy link" and goes back to the opener; Escape closes it.
 */
export function ShareDialog({ open, onOpenChange, guidebook }: Props) {
  const copyRef = useRef<HTMLButtonElement>(null);
  // The dialog opens from buttons that are not Dialog.Triggers (a panel row, the editor's bar), so
  // Radix does not know where focus came from: remember it, and give it back on close.
  const openerRef = useRef<HTMLElement | null>(null);
  const [copied, setCopied] = useState(false);
  const ids = useId();
  const link = guestLink(guidebook.token);

  async function copy() {
    if (await copyGuestLink(guidebook.token)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            copyRef.current?.focus();
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
              <Dialog.Title className="font-display text-xl font-bold">Share guidebook</Dialog.Title>
              <Dialog.Description className="mt-0.5 truncate text-sm text-muted">{guidebook.name}</Dialog.Description>
            </div>
            <Dialog.Close className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <div className="divide-y divide-line border-t border-line">
            <Section id={`${ids}-link`} title="Guest link">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                {/* The whole link, wrapped, selected in one click for copying by hand. */}
                <p className="min-w-0 flex-1 select-all break-all rounded-xl border border-line bg-canvas px-3 py-2 font-mono text-sm text-ink" data-testid="share-link">
                  {link}
                </p>
                <button ref={copyRef} type="button" className="btn-primary shrink-0" onClick={() => void copy()}>
                  {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy link'}
                </button>
              </div>
            </Section>

            <Section id={`${ids}-qr`} title="QR code">
              <div className="flex items-center gap-4">
                <img
                  // The token in the address makes a regenerated link show its new code at once.
                  src={`${qrDownloadUrl(guidebook.id, 'svg')}&v=${encodeURIComponent(guidebook.token)}`}
                  alt="QR code of the guest link"
                  width={112}
                  height={112}
                  className="size-24 shrink-0 rounded-xl border border-line bg-white p-1 sm:size-28"
                />
                <p className="text-sm text-muted">Guests scan it with their phone camera. Add it to your listing and welcome messages, or print the poster for the door.</p>
              </div>
              <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-[auto_auto_1fr]">
                <a href={qrDownloadUrl(guidebook.id, 'png')} download className="btn-secondary px-4">
                  <Download className="size-4" aria-hidden="true" />
                  PNG<span className="sr-only"> (download the QR code as an image)</span>
                </a>
                <a href={qrDownloadUrl(guidebook.id, 'svg')} download className="btn-secondary px-4">
                  <Download className="size-4" aria-hidden="true" />
                  SVG<span className="sr-only"> (download the QR code for print)</span>
                </a>
                <a href={posterUrl(guidebook.id)} target="_blank" rel="noopener" className="btn-secondary col-span-2 px-4 sm:col-span-1">
                  <Printer className="size-4" aria-hidden="true" />
                  Open printable poster
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </Section>

            <Section id={`${ids}-mail`} title="Send by email">
              <ShareByEmailForm id={guidebook.id} />
            </Section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="px-5 py-4 sm:px-6 sm:py-5">
      <h3 id={id} className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted">
        {title}
      </h3>
      {children}
    </section>
  );
}
