import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import { messages } from '@shared/messages.ts';
import type { Stay, StayOrdersChoice } from '@shared/schemas/stay.ts';
import { amountOf, STATUS, whatOf } from '../../../lib/order-view.ts';

interface Props {
  stay: Stay | null;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (stay: Stay, orders: StayOrdersChoice | undefined) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Statuses in which an order still holds something (waiting, paid or confirmed): a deletion must say what becomes of it. */
const HELD = new Set(['requested', 'awaiting_payment', 'paid', 'approved']);

/**
 * "Delete this stay?" (docs/product/stays.md and docs/product/extras-and-orders.md). A stay whose guest has orders paid or waiting
 * lists them and asks what becomes of them before anything happens: refund (everything given
 * back, the guest mailed) or keep what was paid (requests still waiting are declined either way).
 * Focus starts on Cancel; Escape cancels.
 */
export function DeleteStayDialog({ stay, onOpenChange, busy, onConfirm, onCloseAutoFocus }: Props) {
  const ids = useId();
  const [choice, setChoice] = useState<StayOrdersChoice>('refund');
  const held = stay?.orders.filter((order) => HELD.has(order.status)) ?? [];
  const settled = held.some((order) => order.status === 'paid' || order.status === 'approved');
  return (
    <AlertDialog.Root open={stay !== null} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-[60] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none"
        >
          <AlertDialog.Title className="font-display text-xl font-bold">{messages.stays.deleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {messages.stays.deleteText}
            {held.length > 0 ? ` ${held.length === 1 ? 'Its guest has an order' : `Its guest has ${held.length} orders`} that ${settled ? 'must be settled first' : 'still wait for an answer: they are declined, and the guest gets an e-mail'}.` : ''}
          </AlertDialog.Description>
          {stay?.doorCodeOnDelete ? <p className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200">{stay.doorCodeOnDelete}</p> : null}
          {held.length > 0 ? (
            <ul className="mt-4 grid gap-1.5 rounded-xl border border-line p-3 text-sm" aria-label="Orders of this stay">
              {held.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="font-medium">{whatOf(order)}</span>
                  <span className="text-muted">· {amountOf(order)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[order.status].className}`}>{STATUS[order.status].label}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {settled ? (
            <fieldset className="mt-4 grid gap-2">
              <legend className="mb-1 text-sm font-semibold">What becomes of them?</legend>
              {(
                [
                  ['refund', 'Refund and cancel them', 'Paid orders are refunded in full, holds released, requests declined. Your guest gets an e-mail.'],
                  ['keep', 'Keep what was paid', 'Paid and confirmed orders stay as they are, in your Orders. Requests still waiting are declined.'],
                ] as const
              ).map(([value, label, hint]) => (
                <label key={value} htmlFor={`${ids}-${value}`} className="flex cursor-pointer gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-100/10">
                  <input id={`${ids}-${value}`} type="radio" name={`${ids}-orders`} value={value} checked={choice === value} onChange={() => setChoice(value)} className="mt-1 size-4 accent-brand-700" />
                  <span>
                    <span className="block font-medium">{label}</span>
                    <span className="block text-sm text-muted">{hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={busy} onClick={() => (stay ? onConfirm(stay, held.length === 0 ? undefined : settled ? choice : 'refund') : undefined)}>
              {busy ? 'Working…' : 'Delete stay'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
