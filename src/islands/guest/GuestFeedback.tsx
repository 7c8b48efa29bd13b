import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import { GUEST_FEEDBACK_COMMENT_MAX, type GuestFeedbackReceipt } from '@shared/guest-feedback.ts';
import type { GUEST_FEEDBACK_WORDS } from './island-words.ts';

interface Props {
  /** The page's token (the guidebook's, or the stay's on a stay link). */
  token: string;
  words: WordsOf<typeof GUEST_FEEDBACK_WORDS>;
}

type Sent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string };

/** Where this device remembers that it answered, per link: a reload thanks instead of asking again. */
const answeredKey = (token: string) => `porchlight:feedback:${token}`;

function remember(token: string): void {
  try {
    localStorage.setItem(answeredKey(token), new Date().toISOString());
  } catch {
    // Not remembered: a reload asks again, the answer is saved all the same.
  }
}

function answeredBefore(token: string): boolean {
  try {
    return localStorage.getItem(answeredKey(token)) !== null;
  } catch {
    return false; // storage off (private mode, blocked): the question shows again
  }
}

/** What a request answered: its status and the server's words. */
type Answer = { ok: boolean; status: number; body: Partial<GuestFeedbackReceipt> };

/**
 * "Was this guidebook helpful?" at the end of the guest page (a React island): the tap on Yes or
 * No is the answer, sent at once (POST /api/guest/:token/feedback), so a guest who never presses
 * Send is heard too; the optional comment then follows on that answer with the token the tap got
 * back (PATCH), outside the limits the tap counted against, and so does a change to the other
 * button. Once sent, or once this device sent an answer for this link, a thank-you line stands in
 * for the form.
 */
export default function GuestFeedback({ token, words }: Props) {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<Sent>({ kind: 'idle' });
  // The server's words once the tap is recorded (the comment is still welcome).
  const [saved, setSaved] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  // The server's HTML has the buttons disabled: a tap before React listens would be lost.
  const [ready, setReady] = useState(false);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const movedFocus = useRef(false);
  // The answer the first tap recorded, and the requests in flight, one after another.
  const receipt = useRef<GuestFeedbackReceipt | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const id = useId();

  // After hydration only: the server's HTML cannot know what this device remembers.
  useEffect(() => {
    if (answeredBefore(token)) setThanks(words['feedback.thanks']);
    setReady(true);
  }, [token, words]);

  useEffect(() => {
    if (thanks && movedFocus.current) thanksRef.current?.focus();
  }, [thanks]);

  /** The answer, new or changed: a POST until one is recorded, then a PATCH of it. Null when offline. */
  async function send(change: { helpful: boolean; comment?: string }): Promise<Answer | null> {
    const first = receipt.current === null;
    try {
      const response = await fetch(`/api/guest/${encodeURIComponent(token)}/feedback`, {
        method: first ? 'POST' : 'PATCH',
        // The page's language: the server's answer (thanks, or what is wrong) comes in it.
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': words['locale.lang'] },
        body: JSON.stringify(first ? change : { id: receipt.current!.id, editToken: receipt.current!.editToken, ...change }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<GuestFeedbackReceipt>;
      if (first && response.ok && body.id && body.editToken) {
        receipt.current = { message: body.message ?? '', id: body.id, editToken: body.editToken };
        remember(token);
      }
      return { ok: response.ok, status: response.status, body };
    } catch {
      return null;
    }
  }

  const failed = (answer: Answer | null) => setState({ kind: 'error', message: answer ? (answer.body.message ?? t(words, 'error.status', { status: answer.status })) : words['feedback.offline'] });

  /** Each request waits for the one before, so a comment always follows the tap that recorded the answer. */
  function enqueue(change: { helpful: boolean; comment?: string }): Promise<Answer | null> {
    const next = queue.current.then(() => send(change));
    queue.current = next;
    return next;
  }

  async function choose(value: boolean): Promise<void> {
    setHelpful(value);
    if (state.kind === 'error') setState({ kind: 'idle' });
    const answer = await enqueue({ helpful: value });
    if (answer?.ok) setSaved(answer.body.message ?? '');
    else failed(answer);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (helpful === null) {
      setState({ kind: 'error', message: words['feedback.helpfulRequired'] });
      return;
    }
    setState({ kind: 'sending' });
    const answer = await enqueue({ helpful, comment });
    if (!answer?.ok) {
      failed(answer);
      return;
    }
    movedFocus.current = true;
    setThanks(answer.body.message ?? words['feedback.thanks']);
  }

  if (thanks) {
    return (
      <p ref={thanksRef} className="form-done" role="status" tabIndex={-1}>
        {thanks}
      </p>
    );
  }
  return (
    <form className="feedback-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="feedback-title">
      <div className="copy-row" role="group" aria-labelledby="feedback-title">
        <button type="button" className="btn btn-ghost" aria-pressed={helpful === true} disabled={!ready} onClick={() => void choose(true)}>
          {words['feedback.yes']}
        </button>
        <button type="button" className="btn btn-ghost" aria-pressed={helpful === false} disabled={!ready} onClick={() => void choose(false)}>
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
        {state.kind === 'error' ? state.message : saved}
      </p>
    </form>
  );
}
