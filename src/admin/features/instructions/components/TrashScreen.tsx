import { ArrowLeft, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { TRASH_DAYS, type TrashedInstruction } from '@shared/schemas/history.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { usePurgeInstruction, useRestoreInstruction, useTrash } from '../api/trash.ts';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "in 29 days", "tomorrow", "today": when the clean-up removes it for good. */
function purgeWords(purgeAt: string, now = Date.now()): string {
  const days = Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / 86_400_000));
  return days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * /dashboard/trash (docs/decisions/016-revisions-and-trash.md): deleted guidebooks, kept for 30
 * days. A restore brings one back with its old link and stay links, so printed posters work
 * again; "Delete forever" removes it at once.
 */
export function TrashScreen() {
  useDocumentTitle('Trash');
  const trash = useTrash();
  const restore = useRestoreInstruction();
  const purge = usePurgeInstruction();
  const [purging, setPurging] = useState<TrashedInstruction | null>(null);

  async function onRestore(item: TrashedInstruction) {
    try {
      const { message } = await restore.mutateAsync(item._id);
      toast.success(message, { description: `“${item.nameInstruction}” is back, with its old link.` });
    } catch (error) {
      toast.error(errorMessage(error, 'The guidebook could not be restored. Try again.'));
    }
  }

  async function onPurge() {
    if (!purging) return;
    try {
      const { message } = await purge.mutateAsync(purging._id);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, 'The guidebook could not be deleted. Try again.'));
    } finally {
      setPurging(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Trash"
        description={`Deleted guidebooks stay here for ${TRASH_DAYS} days. Restore one to bring back its link, QR posters and stay links.`}
        actions={
          <Link to="/dashboard" className="btn-secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Your guidebooks
          </Link>
        }
      />
      {trash.isError ? (
        <LoadError message={errorMessage(trash.error, 'The trash could not be loaded.')} onRetry={() => void trash.refetch()} />
      ) : trash.isPending ? (
        <p role="status" className="text-muted">
          Loading the trash…
        </p>
      ) : trash.data.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-10 text-center">
          <Trash2 className="size-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">The trash is empty</p>
          <p className="max-w-sm text-sm text-muted">A guidebook you delete waits here for {TRASH_DAYS} days before it is removed for good.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Deleted guidebooks">
          {trash.data.map((item) => (
            <li key={item._id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate font-semibold text-ink">{item.nameInstruction || 'Untitled guidebook'}</p>
                {item.address ? <p className="truncate text-sm text-muted">{item.address}</p> : null}
                <p className="mt-1 text-sm text-muted">
                  Deleted <time dateTime={item.deletedAt}>{day.format(new Date(item.deletedAt))}</time> · removed for good{' '}
                  <time dateTime={item.purgeAt}>{purgeWords(item.purgeAt)}</time>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button type="button" className="btn-primary px-4 py-2" disabled={restore.isPending} onClick={() => void onRestore(item)}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Restore<span className="sr-only"> {item.nameInstruction}</span>
                </button>
                <button type="button" className="btn-secondary px-4 py-2 text-red-800 dark:text-red-300" onClick={() => setPurging(item)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete forever<span className="sr-only"> {item.nameInstruction}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => {
          if (!open) setPurging(null);
        }}
        title={purging ? `Delete “${purging.nameInstruction || 'Untitled guidebook'}” forever?` : 'Delete forever?'}
        description={purging && purging.staysAhead > 0 ? messages.trash.purgeWithStaysText(purging.staysAhead) : messages.trash.purgeText}
        confirmLabel="Delete forever"
        danger
        busy={purge.isPending}
        onConfirm={() => void onPurge()}
      />
    </>
  );
}
