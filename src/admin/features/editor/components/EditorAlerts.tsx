import { AlertTriangle, Info, Lock, X } from 'lucide-react';
import type { Ref } from 'react';
import { messages } from '@shared/messages.ts';
import type { FormIssue } from '../model/editor-form.ts';
import { PlansLink } from '../../../components/billing/PlansLink.tsx';

const DANGER = 'rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100';

export function ReadOnlyNotice() {
  return (
    <div className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
      <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Read only</p>
        <p className="mt-0.5 text-sm">{messages.editor.readOnly}</p>
        <p className="mt-2 text-sm">
          <PlansLink className="inline-block font-semibold underline underline-offset-2">See the plans</PlansLink>
        </p>
      </div>
    </div>
  );
}

/**
 * After "Keep my changes": the form is the latest version with the host's edits on it, not saved
 * yet. Says so, with what changed elsewhere (now in the form too), until the next save.
 */
export function KeptNotice({ theirs, onDismiss, ref }: { theirs: readonly string[]; onDismiss: () => void; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="status" className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink outline-none dark:border-brand-800">
      <Info className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{messages.editor.kept}</p>
        {theirs.length > 0 ? (
          <p className="mt-0.5 text-sm text-muted">
            {messages.editor.changedElsewhere}: {theirs.join(', ')}.
          </p>
        ) : null}
      </div>
      <button type="button" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-100 hover:text-ink" aria-label="Dismiss" onClick={onDismiss}>
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Sends the focus to a field or card named by a message, scrolled to the middle of the screen. */
function focusNamed(id: string | null) {
  const field = id ? document.getElementById(id) : null;
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * The server refused the save (403 plan, 400 field): its message, until the next try. A message
 * naming a place or an extra (`target`: its card's heading) leads there.
 */
export function SaveErrorAlert({ message, target = null, ref }: { message: string; target?: string | null; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={`${DANGER} flex gap-3 outline-none`}>
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {target ? (
        <button type="button" className="text-left text-sm font-medium underline underline-offset-2" onClick={() => focusNamed(target)}>
          {message}
        </button>
      ) : (
        <p className="text-sm font-medium">{message}</p>
      )}
    </div>
  );
}

/** What the shared schema found before sending; each line leads to its field. */
export function ValidationAlert({ issues, ref }: { issues: readonly FormIssue[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={`${DANGER} outline-none`}>
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        {messages.editor.invalid}
      </p>
      <ul className="mt-2 grid gap-1 pl-7 text-sm">
        {issues.map((issue, index) => (
          <li key={index}>
            {issue.fieldId ? (
              <button type="button" className="text-left underline underline-offset-2" onClick={() => focusNamed(issue.fieldId)}>
                {issue.message}
              </button>
            ) : (
              issue.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
