import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import { GUEST_FEEDBACK_COMMENT_MAX } from '@shared/schemas/guest-feedback.ts';
import type { GUEST_FEEDBACK_WORDS } from './island-words.ts';

interface Props {
  /** The page's token (the guidebook's, or the stay's on a stay link). */
  token: string;
  words: WordsOf<typeof GUEST_FEEDBACK_WORDS>;
}

type Sent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string };

/** Where this device remembers that it answered, per link: a reload thanks instead of asking again. */
const answeredKey = (token: string) => `porchlight:feedback:${token}`;

function answeredBefore(token: string): boolean {
  try {
    return localStorage.getItem(answeredKey(token)) !== null;
  } catch {
    return false; // storage off (private mode, blocked): the question shows again
  }
}

/**
 * "Was this guidebook helpful?" at the end of the guest page (a React island): Yes or No, then an
 * optional comment, sent to POST /api/guest/:token/feedback in the page's language. Once sent, or
 * once this device sent an answer for this link, a thank-you line stands in for the form.
 */
export default function GuestFeedback({ token, words }: Props) {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<Sent>({ kind: 'idle' });
  const [thanks, setThanks] = useState<string | null>(null);
  // The server's HTML has the buttons disabled: a tap before React listens would be lost.
  const [ready, setReady] = useState(false);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const movedFocus = useRef(false);
  const id = useId();

  // After hydration only: the server's HTML cannot know what this device remembers.
  useEffect(() => {
    if (answeredBefore(token)) setThanks(words['feedback.thanks']);
    setReady(true);
  }, [token, words]);

  useEffect(() => {
    if (thanks && movedFocus.current) thanksRef.current?.focus();
  }, [thanks]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (helpful === null) {
      setState({ kind: 'error', message: words['feedback.helpfulRequired'] });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const response = await fetch(`/api/guest/${encodeURIComponent(token)}/feedback`, {
        method: 'POST',
        // The page's language: the server's answer (thanks, or what is wrong) comes in it.
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': words['locale.lang'] },
        body: JSON.stringify({ helpful, comment }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) {
        setState({ kind: 'error', message: body.message ?? t(words, 'error.status', { status: response.status }) });
        return;
      }
      try {
        localStorage.setItem(answeredKey(token), new Date().toISOString());
      } catch {
        // Not remembered: a reload asks again, the answer is saved all the same.
      }
      movedFocus.current = true;
      setThanks(body.message ?? words['feedback.thanks']);
    } catch {
      setState({ kind: 'error', message: words['feedback.offline'] });
    }
  }

  if (thanks) {
    return (
      <p ref={thanksRef} className="form-done" role="status" tabIndex={-1}>
        {thanks}
      </p>
    );
  }
  const choose = (value: boolean) => () => {
    setHelpful(value);
    if (state.kind === 'error') setState({ kind: 'idle' });
  };
  return (
    <form className="feedback-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="feedback-title">
      <div className="copy-row" role="group" aria-labelledby="feedback-title">
        <button type="button" className="btn btn-ghost" aria-pressed={helpful === true} disabled={!ready} onClick={choose(true)}>
          {words['feedback.yes']}
        </button>
        <button type="button" className="btn btn-ghost" aria-pressed={helpful === false} disabled={!ready} onClick={choose(false)}>
          {words['feedback.no']}
        </button>
      </div>
      {helpful !== null && (
        <div className="message-form">
          <label htmlFor={`${id}-comment`}>{words['feedback.comment']}</label>
          <textarea id={`${id}-comment`} name="comment" rows={3} maxLength={GUEST_FEEDBACK_COMMENT_MAX} aria-describedby={`${id}-counter`} value={comment} onChange={(event) => setComment(event.target.value)} />
          <p id={`${id}-counter`} className="muted small">
            {t(words, 'feedback.counter', { used: comment.length, max: GUEST_FEEDBACK_COMMENT_MAX })}
          </p>
          <div className="copy-row">
            <button type="submit" className="btn" disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? words['feedback.sending'] : words['feedback.send']}
            </button>
          </div>
        </div>
      )}
      <p className={state.kind === 'error' ? 'field-error' : 'form-done'} role={state.kind === 'error' ? 'alert' : 'status'}>
        {state.kind === 'error' ? state.message : ''}
      </p>
    </form>
  );
}
