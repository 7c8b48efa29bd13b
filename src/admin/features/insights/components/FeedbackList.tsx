import { ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { GuestFeedback } from '@shared/schemas/guest-feedback.ts';
import { errorMessage } from '@shared/api-client.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useDeleteFeedback } from '../api/delete-feedback.ts';

const languageName = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * Guests' answers to "Was this guidebook helpful?" in the period, newest first: yes or no, the
 * comment, when, from which stay and in which language. Kept until the host deletes one.
 */
export function FeedbackList({ guidebookId, feedback, timeZone }: { guidebookId: string; feedback: GuestFeedback[]; timeZone: string }) {
  const [deleting, setDeleting] = useState<GuestFeedback | null>(null);
  const remove = useDeleteFeedback(guidebookId);
  const yes = feedback.filter((answer) => answer.helpful).length;

  async function confirmDelete(answer: GuestFeedback) {
    try {
      toast.success((await remove.mutateAsync(answer._id)).message);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The answer could not be deleted.'));
    }
    setDeleting(null);
  }

  return (
    <section aria-labelledby="insights-feedback" className="card p-4 sm:p-5 lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="insights-feedback" className="font-display text-lg font-bold text-ink">
          Guest feedback
        </h2>
        {feedback.length > 0 ? (
          <p className="text-sm text-muted">
            {yes} found it helpful · {feedback.length - yes} did not
          </p>
        ) : null}
      </div>
      {feedback.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No answers in this period. Guests are asked "Was this guidebook helpful?" at the end of the page.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {feedback.map((answer) => (
            <li key={answer._id} className="flex items-start gap-3 py-3 text-sm">
              <span
                className={`mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full ${answer.helpful ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'}`}
              >
                {answer.helpful ? <ThumbsUp className="size-3.5" aria-hidden="true" /> : <ThumbsDown className="size-3.5" aria-hidden="true" />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{answer.helpful ? 'Helpful' : 'Not helpful'}</p>
                {answer.comment ? <p className="mt-0.5 whitespace-pre-line break-words text-ink">{answer.comment}</p> : null}
                <p className="mt-0.5 text-muted">
                  <time dateTime={answer.createdAt}>{formatStayTime(Date.parse(answer.createdAt), timeZone)}</time>
                  {answer.stay ? ` · ${answer.stay.guestName || 'a stay without a name'}` : ' · public link'}
                  {answer.language ? ` · ${languageName.of(answer.language) ?? answer.language}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-400"
                aria-haspopup="dialog"
                aria-label={`Delete the answer of ${formatStayTime(Date.parse(answer.createdAt), timeZone)}`}
                title="Delete"
                onClick={() => setDeleting(answer)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this answer?"
        description="The guest's answer and comment are removed for good."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => (deleting ? void confirmDelete(deleting) : undefined)}
      />
    </section>
  );
}
