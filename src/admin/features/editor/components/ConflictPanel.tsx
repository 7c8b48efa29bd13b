import { AlertTriangle, Check, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState, type Ref } from 'react';
import { messages } from '@shared/messages.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import type { ConflictState } from '../hooks/use-stale-save.ts';
import { fieldList, type EditsOnLatest } from '../model/merge-edits.ts';

interface Props {
  /** The server's words for the refused save. */
  message: string;
  conflict: ConflictState;
  /** Continue from the latest version with the tab's edits on it (not saved yet). */
  onKeep: (edits: EditsOnLatest) => void;
  /** Drop the tab's edits and load the latest version. */
  onDiscard: () => void;
  /** Read the latest version again after a failure. */
  onRetry: () => void;
  reloading: boolean;
  ref?: Ref<HTMLDivElement>;
}

function Changes({ title, phrases, empty }: { title: string; phrases: readonly string[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-xs font-semibold uppercase tracking-wide opacity-80">{title}</h3>
      {phrases.length > 0 ? (
        <ul className="mt-1 grid gap-0.5 text-sm">
          {phrases.map((phrase) => (
            <li key={phrase}>{phrase}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">{empty}</p>
      )}
    </div>
  );
}

/**
 * A save refused because the guidebook was saved elsewhere meanwhile (409, docs/product.md §4
 * Editor): what changed elsewhere and what changed here, then the choice. "Keep my changes" puts
 * them on the latest version, field by field, and asks first when a field changed in both places;
 * "Discard my changes" asks before dropping them. Nothing is thrown away without the host saying so.
 */
export function ConflictPanel({ message, conflict, onKeep, onDiscard, onRetry, reloading, ref }: Props) {
  const [confirming, setConfirming] = useState<'keep' | 'discard' | null>(null);
  const edits = conflict.state === 'ready' ? conflict.edits : null;
  const both = edits ? fieldList(edits.both) : '';
  const hasEdits = (edits?.mine.length ?? 1) > 0;

  function keep() {
    if (!edits) return;
    if (edits.both.length > 0) setConfirming('keep');
    else onKeep(edits);
  }

  function discard() {
    // Nothing typed here: nothing to lose, nothing to ask.
    if (hasEdits) setConfirming('discard');
    else onDiscard();
  }

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="editor-conflict-title"
      className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 outline-none dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p id="editor-conflict-title" className="text-sm font-semibold">
          {message}
        </p>
      </div>

      {conflict.state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 pl-8 text-sm">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {messages.editor.conflictLoading}
        </p>
      ) : null}
      {conflict.state === 'failed' ? (
        <div className="flex flex-wrap items-center gap-3 pl-8 text-sm">
          <p>{messages.editor.conflictLoadFailed}</p>
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {edits ? (
        <div className="grid gap-3 pl-8 sm:grid-cols-2">
          <Changes title={messages.editor.changedElsewhere} phrases={edits.theirs} empty={messages.editor.nothingChangedElsewhere} />
          <Changes title={messages.editor.changedHere} phrases={edits.mine} empty="None." />
          {edits.both.length > 0 ? <p className="rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium sm:col-span-2 dark:bg-amber-400/15">{messages.editor.changedInBoth(both)}</p> : null}
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2 pl-8">
        {hasEdits ? (
          <button type="button" className="btn-primary" disabled={!edits || reloading} onClick={keep}>
            <Check className="size-4" aria-hidden="true" />
            {messages.editor.keepEdits}
          </button>
        ) : null}
        <button type="button" className="btn-secondary" disabled={reloading} onClick={discard}>
          <RefreshCw className={`size-4 ${reloading ? 'animate-spin' : ''}`} aria-hidden="true" />
          {hasEdits ? messages.editor.discardEdits : 'Load the latest version'}
        </button>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === 'keep' ? messages.editor.keepTitle : messages.editor.discardTitle}
        description={confirming === 'keep' ? messages.editor.keepText(both) : messages.editor.discardText}
        confirmLabel={confirming === 'keep' ? messages.editor.keepConfirm : messages.editor.discardConfirm}
        danger
        onConfirm={() => {
          const choice = confirming;
          setConfirming(null);
          if (choice === 'keep' && edits) onKeep(edits);
          if (choice === 'discard') onDiscard();
        }}
      />
    </div>
  );
}
