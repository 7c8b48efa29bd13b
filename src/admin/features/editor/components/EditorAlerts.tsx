import { AlertTriangle, Lock, RefreshCw } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { FormIssue } from '../model/editor-form.ts';

const DANGER = 'rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100';

export function ReadOnlyNotice() {
  return (
    <div className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
      <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Read only</p>
        <p className="mt-0.5 text-sm">{messages.editor.readOnly}</p>
        <Link to="/dashboard/upgradePlan" className="mt-2 inline-block text-sm font-semibold underline underline-offset-2">
          See the plans
        </Link>
      </div>
    </div>
  );
}

/** A stale save (409): the server's words and the way out, until the host acts on it. */
export function ConflictAlert({ message, onReload, reloading, ref }: { message: string; onReload: () => void; reloading: boolean; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={`${DANGER} flex flex-col gap-3 outline-none sm:flex-row sm:items-center`}>
      <div className="flex min-w-0 flex-1 gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p className="text-sm font-medium">{message}</p>
      </div>
      <button type="button" className="btn shrink-0 self-start bg-red-700 text-white hover:bg-red-800 sm:self-auto" onClick={onReload} disabled={reloading}>
        <RefreshCw className={`size-4 ${reloading ? 'animate-spin' : ''}`} aria-hidden="true" />
        {messages.editor.reloadLatest}
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
export function ValidationAlert({ issues, ref }: { issues: readonly FormIssue[]; ref?: Ref<HTMLDivElement> }) {  return (
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
