import { useId, useState, type SubmitEvent } from 'react';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import type { EXTRA_REQUEST_WORDS } from './island-words.ts';

interface Props {
  /** The stay link's token: extras are asked for from a stay link only. */
  token: string;
  extraId: number;
  title: string;
  /** More than 1: the guest says how many (a breakfast basket for two mornings). */
  maxQuantity: number;
  /** Bought online: the form goes on to Stripe's Checkout page rather than sending a request. */
  pay?: boolean;
  words: WordsOf<typeof EXTRA_REQUEST_WORDS>;
}

type State = { kind: 'closed' } | { kind: 'open' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

/**
 * "Request" on an extra (a React island, docs/decisions/020): a short form (how many, a note)
 * that POSTs /api/guest/:token/extras/:extraId. The price and the extra come from the guidebook on
 * the server, never from here. Once sent it says so and stays sent; a refusal (another guest
 * arrives that day) is shown as the server words it.
 */
export default function ExtraRequest({ token, extraId, title, maxQuantity, pay = false, words }: Props) {
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const id = useId();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const response = await fetch(`/api/guest/${encodeURIComponent(token)}/extras/${extraId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ quantity, note }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; checkoutUrl?: string };
      // A host who takes payments online: the guest pays on Stripe's Checkout page, which comes
      // back to this stay link (docs/decisions/020). The button keeps saying it is sending meanwhile.
      if (response.ok && body.checkoutUrl) window.location.assign(body.checkoutUrl);
      else if (response.ok) setState({ kind: 'sent', message: words['extras.sent'] });
      else setState({ kind: 'error', message: body.message ?? words['extras.failed'] });
    } catch {
      setState({ kind: 'error', message: navigator.onLine ? words['extras.failed'] : words['extras.offline'] });
    }
  }

  if (state.kind === 'sent') {
    return (
      <p className="form-done" role="status">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'closed') {
    return (
      <button type="button" className="btn btn-small js-only" aria-expanded="false" aria-label={t(words, 'extras.requestOf', { name: title })} onClick={() => setState({ kind: 'open' })}>
        {words['extras.request']}
      </button>
    );
  }
  return (
    <form className="message-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t(words, 'extras.requestOf', { name: title })}>
      {maxQuantity > 1 && (
        <>
          <label htmlFor={`${id}-quantity`}>{words['extras.quantity']}</label>
          <select id={`${id}-quantity`} value={quantity} onChange={(event) => setQuantity(Number(event.target.value))}>
            {Array.from({ length: maxQuantity }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-note`}>{words['extras.note']}</label>
      <textarea id={`${id}-note`} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="copy-row">
        <button type="submit" className="btn" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? words['extras.sending'] : pay ? words['extras.pay'] : words['extras.send']}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setState({ kind: 'closed' })}>
          {words['extras.cancel']}
        </button>
      </div>
      <p className="field-error" role="alert">
        {state.kind === 'error' ? state.message : ''}
      </p>
    </form>
  );
}
