import { MessageCircleQuestion, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ASK_SECTION_NAMES, type QuestionInsights } from '@shared/insights.ts';
import { errorMessage } from '@shared/api-client.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useCan } from '../../../lib/team-role.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';

type Unanswered = QuestionInsights['unanswered'][number];

/** "Tue 24 Nov": the UTC day a question was asked, as the counts are. */
const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * "Questions guests asked" (docs/product/insights.md, docs/decisions/031 §13): how many questions
 * each section answered in the period, then the ones the guidebook could not answer, newest first,
 * with "Add the answer" (the editor at the suggested section, the question beside it) and Delete.
 */
export function QuestionsList({ guidebookId, questions }: { guidebookId: string; questions: QuestionInsights }) {
  const [deleting, setDeleting] = useState<Unanswered | null>(null);
  const remove = useDeleteQuestion(guidebookId);
  const answered = questions.sections.reduce((sum, row) => sum + row.answered, 0);

  async function confirmDelete(question: Unanswered) {
    try {
      toast.success((await remove.mutateAsync(question._id)).message);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The question could not be deleted.'));
    }
    setDeleting(null);
  }

  return (
    <section aria-labelledby="insights-questions" className="card p-4 sm:p-5 lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="insights-questions" className="font-display text-lg font-bold text-ink">
          Questions guests asked
        </h2>
        {answered > 0 ? <p className="text-sm text-muted">{answered.toLocaleString('en-GB')} answered from your guidebook</p> : null}
      </div>
      {questions.sections.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No answered questions in this period. Guests ask in the box at the top of the page; the answer comes from what you wrote.</p>
      ) : (
        <p className="mt-1 text-sm text-ink">{questions.sections.map((row) => `${ASK_SECTION_NAMES[row.section]}: ${row.answered.toLocaleString('en-GB')}`).join(', ')}</p>
      )}
      {questions.modelAnswers ? (
        <p className="mt-1 text-sm text-muted">
          Model answers this month: {questions.modelAnswers.used} of {questions.modelAnswers.limit}
        </p>
      ) : null}
      <h3 className="mt-4 font-display text-base font-bold text-ink">Not answered yet</h3>
      {questions.unanswered.length === 0 ? (
        <p className="mt-1 text-sm text-muted">Nothing in this period. Questions your guidebook could not answer show here for 90 days, without who asked.</p>
      ) : (
        <ul className="mt-1 divide-y divide-line">
          {questions.unanswered.map((question) => (
            <QuestionRow key={question._id} guidebookId={guidebookId} question={question} onDelete={() => setDeleting(question)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this question?"
        description="The question is removed from the list for good."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => (deleting ? void confirmDelete(deleting) : undefined)}
      />
    </section>
  );
}

/** One question the guidebook could not answer: the words, language and day, "Add the answer" and Delete for whoever may. */
function QuestionRow({ guidebookId, question, onDelete }: { guidebookId: string; question: Unanswered; onDelete: () => void }) {
  const can = useCan();
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3 text-sm">
      <MessageCircleQuestion className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-48">
        <p lang={question.language} className="break-words text-ink">
          {question.question}
        </p>
        <p className="mt-0.5 text-muted">
          {question.language} · <time dateTime={question.day}>{dayName.format(new Date(`${question.day}T00:00:00Z`))}</time>
          {question.suggestedSection ? ` · maybe ${ASK_SECTION_NAMES[question.suggestedSection]}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1 pl-7 sm:pl-0">
        {can('guidebook.edit') ? (
          <Link to={`/dashboard/edit/${encodeURIComponent(guidebookId)}?answer=${encodeURIComponent(question._id)}`} className="btn-secondary min-h-11 px-3 py-1.5 text-sm">
            <PencilLine className="size-4" aria-hidden="true" />
            Add the answer
          </Link>
        ) : null}
        {can('questions.delete') ? (
          <button
            type="button"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-400"
            aria-haspopup="dialog"
            aria-label={`Delete the question “${question.question}”`}
            title="Delete"
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </li>
  );
}
