import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { useUserInfo } from '../../../lib/user-store.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { FEEDBACK_ANSWER_MAX, FEEDBACK_QUESTIONS, type FeedbackKey } from './questions.ts';

type Answers = Record<FeedbackKey, string>;

const EMPTY = Object.fromEntries(FEEDBACK_QUESTIONS.map(({ key }) => [key, ''])) as Answers;
const REQUIRED = 'Please answer this question.';

export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const id = useId();
  const user = useUserInfo();
  const [answers, setAnswers] = useState<Answers>(EMPTY);
  const [missing, setMissing] = useState<ReadonlySet<FeedbackKey>>(new Set());
  const send = useSendFeedback();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const empty = new Set(FEEDBACK_QUESTIONS.filter(({ key }) => !answers[key].trim()).map(({ key }) => key));
    setMissing(empty);
    const first = FEEDBACK_QUESTIONS.find(({ key }) => empty.has(key));
    if (first) {
      document.getElementById(`${id}-${first.key}`)?.focus();
      return;
    }
    send.mutate(
      { name: user?.name ?? '', email: user?.email ?? '', answers: FEEDBACK_QUESTIONS.map(({ key, question }) => ({ question, answer: answers[key] })) },
      { onSuccess: onSent, onError: () => toast.error(messages.feedback.notSent) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="card grid gap-6 p-6 sm:p-8">
      <ol className="grid gap-6">
        {FEEDBACK_QUESTIONS.map(({ key, question }, index) => {
          const fieldId = `${id}-${key}`;
          const invalid = missing.has(key);
          return (
            <li key={key}>
              <label htmlFor={fieldId} className="field-label">
                <span className="mr-1.5 text-brand-700 dark:text-brand-300">{index + 1}.</span>
                {question}
              </label>
              <textarea
                id={fieldId}
                name={key}
                rows={3}
                required
                maxLength={FEEDBACK_ANSWER_MAX}
                className="field-input"
                value={answers[key]}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? `${fieldId}-error` : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setAnswers((current) => ({ ...current, [key]: value }));
                  if (invalid && value.trim()) setMissing((current) => new Set([...current].filter((k) => k !== key)));
                }}
              />
              {invalid ? (
                <p id={`${fieldId}-error`} className="field-error dark:text-red-400">
                  {REQUIRED}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Submit Feedback'}
        </button>
      </div>
    </form>
  );
}
