import { Eye, History, LoaderCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import type { RevisionSource, RevisionSummary } from '@shared/schemas/history.ts';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog.tsx';
import { LoadError } from '../../../../components/ui/LoadError.tsx';
import { useRestoreRevision, useRevision, useRevisions } from '../../api/revisions.ts';
import { PreviewPane } from '../preview/PreviewPane.tsx';

const SOURCE_LABELS: Record<RevisionSource, string> = {
  created: 'Created',
  saved: 'Saved',
  code: 'Door code changed',
  defaults: 'Auto-Fill applied',
  restored: 'Restored',
  undone: 'Auto-Fill undone',
  'before-history': 'Before history',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function describe(revision: RevisionSummary): string {
  if (revision.source === 'created') return 'The guidebook was created.';
  if (revision.source === 'before-history') return 'The guidebook as it was before its history was kept.';
  return revision.changes.length > 0 ? `${revision.changes.join(', ')}.` : 'Saved without changes.';
}

interface Props {
  /** The guidebook as loaded in the editor: its version is the one a restore replaces. */
  saved: Instruction;
  /** The form holds changes not saved yet (a restore would drop them). */
  dirty: boolean;
  premium: boolean;
  readOnly: boolean;
  /** Called after a restore: the editor loads the guidebook again. */
  onRestored: () => void;
}

/**
 * The editor's History (docs/decisions/016-revisions-and-trash.md): the last 50 saved versions,
 * newest first, each with who saved it, when and what changed; any one can be viewed as guests
 * would see it and restored, which saves it as a new version (so a restore can be undone too).
 */
export function HistoryTab({ saved, dirty, premium, readOnly, onRestored }: Props) {
  const revisions = useRevisions(saved._id);
  const restore = useRestoreRevision(saved._id);
  const [viewing, setViewing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RevisionSummary | null>(null);
  const viewed = useRevision(saved._id, viewing);

  async function restoreConfirmed() {
    if (!confirming) return;
    try {
      const { message } = await restore.mutateAsync({ revisionId: confirming.id, version: saved.version });
      setConfirming(null);
      setViewing(null);
      toast.success(message);
      onRestored();
    } catch (error) {
      setConfirming(null);
      toast.error(errorMessage(error, 'The version could not be restored. Try again.'));
    }
  }

  return (
    <section aria-labelledby="history-title" className="grid gap-4">
      <div className="flex items-start gap-2.5 rounded-2xl border border-line bg-surface px-4 py-3">
        <History className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="history-title" className="font-semibold text-ink">
            History
          </h2>
          <p className="text-sm text-muted">The last 50 saved versions of this guidebook. Restoring one saves it as a new version, so you can always go back.</p>
        </div>
      </div>

      {revisions.isError ? (
        <LoadError message="The history could not be loaded." onRetry={() => void revisions.refetch()} />
      ) : revisions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading the history…
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Saved versions">
          {revisions.data.map((revision) => (
            <li key={revision.id} className="card grid gap-3 p-4" aria-current={revision.current ? 'true' : undefined}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="font-semibold text-ink">
                  Version {revision.version}
                  <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-muted">{SOURCE_LABELS[revision.source]}</span>
                  {revision.current ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900/40 dark:text-brand-200">Current</span> : null}
                </p>
                <p className="text-sm text-muted">
                  <time dateTime={revision.savedAt}>{when.format(new Date(revision.savedAt))}</time>
                  {revision.author ? ` · ${revision.author}` : ''}
                </p>
              </div>
              <p className="text-sm">{describe(revision)}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  aria-expanded={viewing === revision.id}
                  aria-controls={viewing === revision.id ? `revision-${revision.id}` : undefined}
                  onClick={() => setViewing(viewing === revision.id ? null : revision.id)}
                >
                  <Eye className="size-4" aria-hidden="true" />
                  {viewing === revision.id ? 'Hide' : 'View'}
                  <span className="sr-only"> version {revision.version}</span>
                </button>
                {revision.current || readOnly ? null : (
                  <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setConfirming(revision)}>
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Restore<span className="sr-only"> version {revision.version}</span>
                  </button>
                )}
              </div>
              {viewing === revision.id ? (
                <div id={`revision-${revision.id}`}>
                  {viewed.isSuccess ? (
                    <PreviewPane form={{ ...saved, ...viewed.data.content }} premium={premium} title={`Version ${revision.version}`} />
                  ) : viewed.isError ? (
                    <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                      {errorMessage(viewed.error, 'This version could not be loaded.')}
                    </p>
                  ) : (
                    <p role="status" className="text-sm text-muted">
                      Loading version {revision.version}…
                    </p>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? `Restore version ${confirming.version}?` : 'Restore?'}
        description={`The guidebook becomes this version${confirming ? ` from ${when.format(new Date(confirming.savedAt))}` : ''}, for guests too. What it is now stays in the History, so you can undo this.${dirty ? ' Your unsaved changes will be lost.' : ''}`}
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => void restoreConfirmed()}
      />
    </section>
  );
}
