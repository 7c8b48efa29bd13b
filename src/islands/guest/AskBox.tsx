import { useEffect, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import type { AskAnswer } from '@shared/schemas/guest-ask.ts';
import { handOverToHost } from '../lib/ask-hand-over.ts';
import type { ASK_BOX_WORDS } from './island-words.ts';

interface Props {
  /** The page's token (the guidebook's, or the stay's on a stay link). */
  token: string;
  /** The question's most characters (the route's limit). */
  maxLength: number;
  /** "Ask your host", the hand-over's button (the answer's words, ask-answer-words.ts). */
  askHost: string;
  words: WordsOf<typeof ASK_BOX_WORDS>;
  /** When a model writes the answers (docs/decisions/031 §11): the line under the field and the label before a model's answer; else null. */
  machine: { line: string; label: string } | null;
}

type State = { kind: 'idle' } | { kind: 'asking' } | { kind: 'answered'; question: string; answer: AskAnswer } | { kind: 'error'; message: string };

/**
 * "Ask the guidebook" (docs/decisions/031 §14, docs/product/assistant.md): a question field under
 * the header, hydrated on the guest's first touch (`client:interact`: no module, no React and no
 * request before it). POST /api/guest/:token/ask in the page's language (the page's `lang`); the
 * answer is plain text (a text node, never markup) with its sources as links to the places on
 * the page, each moving the focus there; a question the guidebook does not answer goes to the
 * host's message form in one tap (ask-hand-over.ts). The field keeps the focus after an answer,
 * which the live region announces.
 */
export default function AskBox({ token, maxLength, askHost, words, machine }: Props) {
  const [question, setQuestion] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // What the guest typed before React was there (the touch that hydrates is often the typing itself).
  useEffect(() => setQuestion(field.current?.value ?? ''), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (state.kind === 'asking') return;
    const asked = field.current?.value ?? question;
    setState({ kind: 'asking' });
    setState(await ask(token, asked, words));
    // A guest still in the box keeps typing; one who moved on is not pulled back.
    if (form.current?.contains(document.activeElement) || document.activeElement === document.body) field.current?.focus();
  }

  return (
    // The answer is part of the search landmark, under the field.
    <form ref={form} role="search" className="card ask" onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor="ask-question">{words['ask.label']}</label>
      <div className="ask-row">
        <input ref={field} id="ask-question" type="search" name="question" maxLength={maxLength} enterKeyHint="search" autoComplete="off" aria-describedby={machine ? 'ask-machine' : undefined} value={question} onChange={(event) => setQuestion(event.target.value)} />
        <button type="submit" className="btn">
          {words['ask.submit']}
        </button>
      </div>
      {machine && (
        <p id="ask-machine" className="muted ask-machine">
          {machine.line}
        </p>
      )}
      <div className="ask-answer" aria-live="polite" aria-busy={state.kind === 'asking'}>
        {state.kind === 'asking' && <p className="muted">{words['ask.asking']}</p>}
        {state.kind === 'error' && <p className="field-error">{state.message}</p>}
        {state.kind === 'answered' && <Answer answer={state.answer} sourcesTitle={words['ask.sources']} machineLabel={machine?.label ?? null} askHost={askHost} onAskHost={() => handOverToHost(token, state.question)} />}
      </div>
    </form>
  );
}

/** The route's answer, or what went wrong in the page's words (the server's message where it sent one). */
async function ask(token: string, question: string, words: Props['words']): Promise<State> {
  try {
    const response = await fetch(`/api/guest/${encodeURIComponent(token)}/ask`, {
      method: 'POST',
      // The page's language: its passages, and the answer's words.
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': document.documentElement.lang || 'en' },
      body: JSON.stringify({ question }),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<AskAnswer> & { message?: string };
    if (response.ok && typeof body.answer === 'string') return { kind: 'answered', question, answer: { answer: body.answer, sources: body.sources ?? [], handedOver: body.handedOver === true, kind: body.kind ?? 'passages' } };
    return { kind: 'error', message: body.message ?? t(words, 'error.status', { status: response.status }) };
  } catch {
    return { kind: 'error', message: words['ask.offline'] };
  }
}

interface AnswerProps {
  answer: AskAnswer;
  sourcesTitle: string;
  /** "Machine-written", before a model's answer. */
  machineLabel: string | null;
  askHost: string;
  onAskHost: () => void;
}

function Answer({ answer, sourcesTitle, machineLabel, askHost, onAskHost }: AnswerProps) {
  return (
    <>
      {answer.kind === 'model' ? (
        // Machine-written (art. 50): said before the text, and marked for machines too.
        <p data-ai-generated="true">
          <strong className="ask-kind">{machineLabel ?? 'AI'}</strong> {answer.answer}
        </p>
      ) : (
        <p>{answer.answer}</p>
      )}
      {answer.sources.length > 0 && (
        <>
          <p className="muted" id="ask-sources">
            {sourcesTitle}
          </p>
          <ul aria-labelledby="ask-sources">
            {answer.sources.map((source) => (
              <li key={source.anchor}>
                <a href={`#${source.anchor}`} onClick={(event) => goTo(event, source.anchor)}>
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {answer.handedOver && (
        <button type="button" className="btn btn-ghost" onClick={onAskHost}>
          {askHost}
        </button>
      )}
    </>
  );
}

/**
 * Goes to a source's place on the page: shown (a place hidden by the category filter brings
 * "All" back), scrolled to, focused (so a screen reader reads on from there) and outlined while
 * it has the focus.
 */
function goTo(event: MouseEvent<HTMLAnchorElement>, anchor: string): void {
  const target = document.getElementById(anchor);
  if (!target) return;
  event.preventDefault();
  if (target.getClientRects().length === 0) document.querySelector<HTMLInputElement>('#pf-all')?.click();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.classList.add('ask-found');
  history.replaceState(history.state, '', `#${anchor}`);
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}
