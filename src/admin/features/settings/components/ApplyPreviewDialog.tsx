import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { FIELD_LABELS, type ChangeKind } from '@shared/revision-changes.ts';
import type { ApplyPreview } from '@shared/schemas/settings.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preview: ApplyPreview | null;
  /** The preview is being read again (the checkbox changed). */
  loading: boolean;
  clearEmptyFields: boolean;
  onClearEmptyFieldsChange: (clear: boolean) => void;
  busy: boolean;
  onApply: () => void;
  /** Saves the defaults without touching any guidebook. */
  onSaveOnly: () => void;
}

const KIND_WORDS: Record<ChangeKind, string> = { added: 'added', changed: 'changed', removed: 'removed' };
const KIND_STYLE: Record<ChangeKind, string> = {
  added: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
  changed: 'bg-brand-50 text-brand-900 dark:bg-brand-900/40 dark:text-brand-100',
  removed: 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200',
};

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Asks before Auto-Fill changes existing guidebooks: what changes in which guidebook ("WhatsApp
 * removed"), and what stays because its default is empty, with the one switch that lets empty
 * defaults clear filled fields (docs/decisions/016-revisions-and-trash.md).
 */
export function ApplyPreviewDialog({ open, onOpenChange, preview, loading, clearEmptyFields, onClearEmptyFieldsChange, busy, onApply, onSaveOnly }: Props) {
  const checkboxId = useId();
  const changing = preview?.guidebooks.length ?? 0;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface text-ink shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4 p-6 pb-3">
            <div>
              <Dialog.Title className="font-display text-xl font-bold">Apply to existing guidebooks?</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted" aria-live="polite">
                {preview === null || loading
                  ? 'Checking what would change…'
                  : changing === 0
                    ? 'No guidebook changes: they already match these defaults.'
                    : `${preview.summary}.`}
              </Dialog.Description>
            </div>
            <Dialog.Close className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close" disabled={busy}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto px-6" aria-busy={loading}>
            {preview && changing > 0 ? (
              <ul className="grid gap-3" aria-label="Changes per guidebook">
                {preview.guidebooks.map((guidebook) => (
                  <li key={guidebook._id} className="rounded-xl border border-line p-3">
                    <p className="font-semibold">{guidebook.nameInstruction}</p>
                    <ul className="mt-2 flex flex-wrap gap-1.5">
                      {guidebook.changes.map(({ field, kind }) => (
                        <li key={field} className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${KIND_STYLE[kind]}`}>
                          {FIELD_LABELS[field]} {KIND_WORDS[kind]}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : null}
            {preview && (preview.keptFilled > 0 || clearEmptyFields) ? (
              <div className="mt-4 rounded-xl bg-canvas p-3 text-sm">
                {preview.keptFilled > 0 ? (
                  <p className="text-muted">
                    {plural(preview.keptFilled, 'filled field')} {preview.keptFilled === 1 ? 'stays' : 'stay'} as {preview.keptFilled === 1 ? 'it is' : 'they are'}: the default is empty.
                  </p>
                ) : null}
                <p className="mt-2 flex items-start gap-2">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-red-700"
                    checked={clearEmptyFields}
                    disabled={busy}
                    onChange={(event) => onClearEmptyFieldsChange(event.target.checked)}
                  />
                  <label htmlFor={checkboxId}>Also clear fields left empty here (removes what those guidebooks have)</label>
                </p>
              </div>
            ) : null}
          </div>

          <div className="flex flex-col-reverse gap-2 p-6 pt-4 sm:flex-row sm:justify-end">
            <Dialog.Close type="button" className="btn-secondary" disabled={busy}>
              Cancel
            </Dialog.Close>
            <button type="button" className="btn-secondary" disabled={busy} onClick={onSaveOnly}>
              Save defaults only
            </button>
            <button type="button" className="btn-primary" disabled={busy || loading || changing === 0} onClick={onApply}>
              {busy ? 'Applying…' : `Apply to ${plural(changing, 'guidebook')}`}
            </button>
          </div>
          <p className="px-6 pb-5 text-xs text-muted">Each guidebook keeps its earlier version in its History, and you can undo this in one click.</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
