import { lazy, Suspense, useId, useState, type SubmitEvent } from 'react';
import { CONTACT_EMAIL_MAX, CONTACT_NAME_MAX } from '@shared/contact-limits.ts';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import type { EXTRA_PUBLIC_WORDS, EXTRA_REQUEST_WORDS } from './island-words.ts';

/** The Turnstile widget, fetched only when a guest on a public link opens the form. */
const Turnstile = lazy(() => import('@marsidev/react-turnstile').then((module) => ({ default: module.Turnstile })));

/** A first check only (something@something.tld): the server has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  /** The stay link's token, or the guidebook's own when its host offers extras on the public link. */
  token: string;
  extraId: number;
  title: string;
  /** More than 1: the guest says how many (a breakfast basket for two mornings). */
  maxQuantity: number;
  /** Bought online: the form goes on to Stripe's Checkout page rather than sending a request. */
  pay?: boolean;
  /** On the public link: no stay knows the guest, so the form asks for a name and an e-mail. */
  askWho?: boolean;
  /** Cloudflare Turnstile's site key on the public link when the captcha is configured (docs/security.md 37). */
  captchaSiteKey?: string | null;
  /** The stay link's words, with the name and e-mail fields' on the public link (EXTRA_PUBLIC_WORDS). */
  words: WordsOf<typeof EXTRA_REQUEST_WORDS> & Partial<WordsOf<typeof EXTRA_PUBLIC_WORDS>>;
}

type WhoErrors = { name?: string; email?: string };

type State = { kind: 'closed' } | { kind: 'open' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

/**
 * "Request" on an extra (a React island, docs/decisions/020): a short form (how many, a note;
 * on the public link the guest's name and e-mail first, each with its own message, and the human
 * check when configured) that POSTs /api/guest/:token/extras/:extraId. The price and the extra
 * come from the guidebook on the server, never from here. Once sent it says where it stands and
 * stays so: confirmed at once, sent to the host, or (public link) waiting for the guest to confirm
 * it from their mail; a refusal (another guest arrives that day) is shown as the server words it.
 */
export default function ExtraRequest({ token, extraId, title, maxQuantity, pay = false, askWho = false, captchaSiteKey = null, words }: Props) {
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [whoErrors, setWhoErrors] = useState<WhoErrors>({});
  const [captcha, setCaptcha] = useState('');
  const id = useId();
  const askCaptcha = askWho && captchaSiteKey !== null;

  /** The name and e-mail's own messages, under each field; empty when both are fine. */
  function checkWho(): WhoErrors {
    const errors: WhoErrors = {};
    if (guestName.trim() === '') errors.name = words['extras.nameRequired'] ?? '';
    const email = guestEmail.trim();
    if (email === '') errors.email = words['extras.emailRequired'] ?? '';
    else if (!EMAIL_SHAPE.test(email)) errors.email = words['extras.emailInvalid'] ?? '';
    return errors;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (askWho) {
      const errors = checkWho();
      setWhoErrors(errors);
      if (errors.name || errors.email) {
        // The first field that needs fixing takes the focus, its message read with it.
        event.currentTarget.querySelector<HTMLInputElement>(`#${CSS.escape(errors.name ? `${id}-name` : `${id}-email`)}`)?.focus();
        return;
      }
      if (askCaptcha && !captcha) {
        setState({ kind: 'error', message: words['contact.captchaRequired'] ?? '' });
        return;
      }
    }
    setState({ kind: 'sending' });
    try {
      const response = await fetch(`/api/guest/${encodeURIComponent(token)}/extras/${extraId}`, {
        method: 'POST',
        // The page's language: a refusal (sold out, a limit, a field) comes in it.
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': words['locale.lang'] },
        body: JSON.stringify(askWho ? { quantity, note, guestName: guestName.trim(), guestEmail: guestEmail.trim(), ...(captcha ? { turnstileToken: captcha } : {}) } : { quantity, note }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; checkoutUrl?: string; confirmByMail?: boolean; order?: { status?: string } };
      // A host who takes payments online: the guest pays on Stripe's Checkout page, which comes
      // back to this stay link (docs/decisions/020). The button keeps saying it is sending meanwhile.
      if (response.ok && body.checkoutUrl) window.location.assign(body.checkoutUrl);
      else if (response.ok && body.confirmByMail) setState({ kind: 'sent', message: words['extras.checkMail'] ?? words['extras.sent'] });
      else if (response.ok) setState({ kind: 'sent', message: body.order?.status === 'approved' ? words['extras.confirmed'] : words['extras.sent'] });
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
      {askWho && (
        <>
          <label htmlFor={`${id}-name`}>{words['extras.yourName']}</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            required
            aria-invalid={whoErrors.name ? true : undefined}
            aria-describedby={whoErrors.name ? `${id}-name-error` : undefined}
            value={guestName}
            onChange={(event) => {
              setGuestName(event.target.value);
              // A message under a field goes once the guest changes it; the next send checks again.
              setWhoErrors(({ email }) => ({ email }));
            }}
          />
          {whoErrors.name && (
            <p id={`${id}-name-error`} className="field-error">
              {whoErrors.name}
            </p>
          )}
          <label htmlFor={`${id}-email`}>
            {words['extras.yourEmail']} <span className="field-hint">{words['extras.emailHint']}</span>
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={CONTACT_EMAIL_MAX}
            required
            aria-invalid={whoErrors.email ? true : undefined}
            aria-describedby={whoErrors.email ? `${id}-email-error` : undefined}
            value={guestEmail}
            onChange={(event) => {
              setGuestEmail(event.target.value);
              setWhoErrors(({ name }) => ({ name }));
            }}
          />
          {whoErrors.email && (
            <p id={`${id}-email-error`} className="field-error">
              {whoErrors.email}
            </p>
          )}
        </>
      )}
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
      {askCaptcha && (
        <Suspense fallback={<p className="muted small">{words['contact.captchaLoading']}</p>}>
          <Turnstile siteKey={captchaSiteKey} onSuccess={setCaptcha} onExpire={() => setCaptcha('')} options={{ size: 'flexible' }} />
        </Suspense>
      )}
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
