import { MessageCircleQuestion, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ASK_SECTION_NAMES, type AskInsightSection } from '@shared/insights.ts';
import { errorMessage } from '@shared/api-client.ts';
import { useGuestQuestion, useRemoveQuestion } from '../api/guest-question.ts';
import { ADDITIONAL_INFO } from './steps/step-lists.ts';

/** The editor's card for each section of the guest page a question can be answered from. */
const EDITOR_SECTION: Record<AskInsightSection, string> = {
  address: 'address',
  'check-in': 'check-in-steps',
  welcome: 'welcome',
  wifi: 'wifi',
  rules: 'house-rules',
  'good-to-know': ADDITIONAL_INFO.sectionId,
  'check-out': 'check-in-out',
  places: 'places',
  extras: 'extras',
  contact: 'contact',
  access: 'lock-box',
};

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ block: 'start' });

interface Props {
  guidebookId: string;
  /** A save went through in this editor since it opened. */
  saved: boolean;
  readOnly: boolean;
  /** Adds an empty item at the end of Additional info (the guest page's "Good to know"). */
  addItem: () => void;
}

/**
 * "Add the answer" (docs/decisions/031 §13): opened from the insights with `?answer=<questionId>`,
 * the editor goes to the suggested section, or adds a new Additional info item when there is none,
 * and keeps the guest's question in view as a note, never saved with the content. After a save it
 * offers to remove the question from the list.
 */
export function AnswerQuestionNote({ guidebookId, saved, readOnly, addItem }: Props) {
  const [params, setParams] = useSearchParams();
  const questionId = params.get('answer');
  const question = useGuestQuestion(guidebookId, questionId);
  const remove = useRemoveQuestion(guidebookId);
  const placed = useRef(false);
  const found = question.data ?? null;

  useEffect(() => {
    if (!found || placed.current) return;
    placed.current = true;
    if (!found.suggestedSection && !readOnly) addItem();
    // After the new item is rendered.
    requestAnimationFrame(() => scrollTo(EDITOR_SECTION[found.suggestedSection ?? 'good-to-know']));
  }, [found, readOnly, addItem]);

  const close = () =>
    setParams(
      (current) => {
        current.delete('answer');
        return current;
      },
      { replace: true },
    );

  async function removeQuestion(id: string) {
    try {
      toast.success((await remove.mutateAsync(id)).message);
      close();
    } catch (failure) {
      toast.error(errorMessage(failure, 'The question could not be removed.'));
    }
  }

  if (!found) return null;
  const section = ASK_SECTION_NAMES[found.suggestedSection ?? 'good-to-know'];
  return (
    <aside aria-label="The guest's question" className="sticky bottom-3 z-20 mt-5 flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-3 sm:p-4 text-ink shadow-lg dark:border-brand-800">
      <MessageCircleQuestion className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold break-words">A guest asked: {found.question}</p>
        <p className="mt-0.5 text-muted">
          {found.suggestedSection || readOnly ? `Write the answer in ${section}, then save.` : `A new item is added to ${section} for the answer: write it, then save.`}{' '}
          <button type="button" className="font-semibold text-ink underline underline-offset-2" onClick={() => scrollTo(EDITOR_SECTION[found.suggestedSection ?? 'good-to-know'])}>
            Go to {section}
          </button>
        </p>
        <p className="mt-0.5 text-xs text-muted">This note is not saved with the guidebook.</p>
        {saved ? (
          <button type="button" className="btn-secondary mt-2 min-h-11 whitespace-normal text-left text-sm" disabled={remove.isPending} onClick={() => void removeQuestion(found._id)}>
            Remove the question from the list
          </button>
        ) : null}
      </div>
      <button type="button" className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-100 hover:text-ink" aria-label="Close the question" onClick={close}>
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
