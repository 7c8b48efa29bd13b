import { lazy, Suspense, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { IconName } from '../../components/guest/icons.ts';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import { ASK_HOST_EVENT, MESSAGE_HOST_ATTRIBUTE, takeQuestionForHost } from '../lib/ask-hand-over.ts';
import GuestIcon from './GuestIcon.tsx';
import type { HOST_CONTACT_WORDS } from './island-words.ts';

/** The Turnstile widget, fetched only when a guest on a public link opens the form. */
const Turnstile = lazy(() => import('@marsidev/react-turnstile').then((module) => ({ default: module.Turnstile })));

export interface HostContactLink {
  kind: IconName;
  label: string;
  href: string;
}

interface Props {
  /** The page's token (the guidebook's, or the stay's on a stay link). */
  token: string;
  links: HostContactLink[];
  /** "Dana is happy to help." */
  hostLine: string;
  /** Who the form writes to, for its button ("Message Dana"). */
  hostName: string;
  /** Cloudflare Turnstile on a public link when configured; null on a stay link. */
  captchaSiteKey: string | null;
  words: WordsOf<typeof HOST_CONTACT_WORDS>;
}

type Sent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

/**
 * "Need Help?" (a React island): the host's call, WhatsApp, Viber and Telegram
 * links, which are plain links in the HTML and work without JavaScript, and a short form that
 * reaches the host by e-mail (POST /api/guest/:token/message). The form needs JavaScript; without
 * it the links stay. A question the "Ask" box hands over (ask-hand-over.ts) is put into the
 * message field as the form opens, and the name field takes the focus.
 */
export default function HostContact({ token, links, hostLine, hostName, captchaSiteKey, words }: Props) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ name: '', email: '', message: '' });
  const [captcha, setCaptcha] = useState('');
  const [state, setState] = useState<Sent>({ kind: 'idle' });
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [handedOver, setHandedOver] = useState(0);

  /** Opens the form with the question the box left for this link, if any. */
  function openForm(): void {
    const question = takeQuestionForHost(token);
    if (question !== null) {
      setFields((current) => ({ ...current, message: question }));
      setHandedOver((count) => count + 1);
    }
    setOpen(true);
  }
  useEffect(() => {
    window.addEventListener(ASK_HOST_EVENT, openForm);
    return () => window.removeEventListener(ASK_HOST_EVENT, openForm);
  });
  useEffect(() => {
    if (handedOver === 0 || !nameField.current) return;
    nameField.current.scrollIntoView({ block: 'center' });
    nameField.current.focus({ preventScroll: true });
  }, [handedOver]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!fields.name.trim() || !fields.message.trim()) {
      setState({ kind: 'error', message: !fields.name.trim() ? words['contact.nameRequired'] : words['contact.messageRequired'] });
      return;
    }
    if (captchaSiteKey && !captcha) {
      setState({ kind: 'error', message: words['contact.captchaRequired'] });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const response = await fetch(`/api/guest/${encodeURIComponent(token)}/message`, {
        method: 'POST',
        // The page's language: the server's answer (sent, or what is wrong) comes in it.
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': words['locale.lang'] },
        body: JSON.stringify({ ...fields, ...(captcha ? { turnstileToken: captcha } : {}) }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) {
        setState({ kind: 'sent', message: body.message ?? words['contact.sent'] });
        setFields({ name: fields.name, email: fields.email, message: '' });
      } else {
        setState({ kind: 'error', message: body.message ?? t(words, 'error.status', { status: response.status }) });
      }
    } catch {
      setState({ kind: 'error', message: words['contact.offline'] });
    }
  }

  const messageHost = hostName ? t(words, 'contact.open', { name: hostName }) : words['contact.openNoName'];
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  return (
    <>
      <p className="muted">{hostLine}</p>
      <ul className="contacts">
        {links.map((link) => (
          <li key={link.kind}>
            <a href={link.href} {...(link.kind === 'phone' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
              <GuestIcon name={link.kind} />
              <span>{link.label}</span>
            </a>
          </li>
        ))}
      </ul>
      {!open ? (
        <button type="button" className="btn btn-ghost js-only" aria-expanded="false" onClick={openForm} {...{ [MESSAGE_HOST_ATTRIBUTE]: '' }}>
          <GuestIcon name="help" size={18} /> {messageHost}
        </button>
      ) : (
        <form className="message-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`}>{messageHost}</h3>
          <label htmlFor={`${id}-name`}>{words['contact.name']}</label>
          <input ref={nameField} id={`${id}-name`} name="name" autoComplete="name" maxLength={100} required value={fields.name} onChange={set('name')} />
          <label htmlFor={`${id}-email`}>
            {words['contact.email']} <span className="muted">{words['contact.emailHint']}</span>
          </label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" maxLength={254} value={fields.email} onChange={set('email')} />
          <label htmlFor={`${id}-message`}>{words['contact.message']}</label>
          <textarea id={`${id}-message`} name="message" rows={4} maxLength={2000} required value={fields.message} onChange={set('message')} />
          {captchaSiteKey && (
            <Suspense fallback={<p className="muted small">{words['contact.captchaLoading']}</p>}>
              <Turnstile siteKey={captchaSiteKey} onSuccess={setCaptcha} onExpire={() => setCaptcha('')} options={{ size: 'flexible' }} />
            </Suspense>
          )}
          <div className="copy-row">
            <button type="submit" className="btn" disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? words['contact.sending'] : words['contact.send']}
            </button>
          </div>
          <p className={state.kind === 'error' ? 'field-error' : 'form-done'} role={state.kind === 'error' ? 'alert' : 'status'}>
            {state.kind === 'error' || state.kind === 'sent' ? state.message : ''}
          </p>
        </form>
      )}
    </>
  );
}
