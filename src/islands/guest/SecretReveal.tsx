import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { PIN_HEADER, type GuestSecrets, type GuestSecretsRefusal, type SecretRevealProps } from '@shared/guest-access.ts';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import type { SECRET_PIN_WORDS, SECRET_STAY_WORDS } from './island-words.ts';
import { fillCodeChips } from './code-chips.ts';
import GuestIcon from './GuestIcon.tsx';
import { useLookAgain } from './look-again.ts';
import { useCopy, useHydrated } from './use-copy.ts';

/**
 * The door code and Wi-Fi password of a gated guidebook (docs/decisions/013-stays-and-secrets.md): the page
 * and its snapshot never hold them; this island asks GET /api/guest/:token/secrets when the guest
 * may see them (a stay link during the stay, or with the host's PIN) and shows them with copy
 * buttons. A copy is kept on the device until the stay ends (12 hours after a PIN), so a guest who
 * opened the link at home still sees the code at a door with no signal; it is dropped then, and
 * whenever the server says no.
 */
type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'shown'; secrets: GuestSecrets; offline: boolean }
  | { kind: 'refused'; refusal: GuestSecretsRefusal }
  | { kind: 'failed' };

/** The words it shows, given by the page for its case (the island carries no dictionary). */
type StayWords = WordsOf<typeof SECRET_STAY_WORDS>;
type PinWords = WordsOf<typeof SECRET_PIN_WORDS>;

/** What the page gives the island: the secrets' whereabouts and the words of its mode. */
export type SecretRevealIslandProps = (SecretRevealProps & { mode: 'stay'; words: StayWords }) | (SecretRevealProps & { mode: 'pin'; words: PinWords });

const KEPT_PREFIX = 'porchlight:secrets:';
/** How long a copy revealed with a PIN on a public link is kept for offline use. */
const PIN_COPY_MS = 12 * 3_600_000;

interface Kept {
  secrets: GuestSecrets;
  /** Epoch ms after which the copy must not be shown (and is deleted). */
  expires: number;
}

function keptKey(token: string): string {
  return `${KEPT_PREFIX}${token}`;
}

/** Drops every kept copy past its time, on every page of this origin that runs the island. */
function dropExpired(now: number): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(KEPT_PREFIX)) continue;
      const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as Kept | null;
      if (!kept || !(kept.expires > now)) localStorage.removeItem(key);
    }
  } catch {
    // Storage off (private mode): nothing is kept, nothing to drop.
  }
}

function readKept(token: string): GuestSecrets | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keptKey(token)) ?? 'null') as Kept | null;
    return kept && kept.expires > Date.now() ? kept.secrets : null;
  } catch {
    return null;
  }
}

function keep(token: string, secrets: GuestSecrets): void {
  try {
    const expires = secrets.until ?? Date.now() + PIN_COPY_MS;
    localStorage.setItem(keptKey(token), JSON.stringify({ secrets, expires } satisfies Kept));
  } catch {
    // Storage full or off: the guest simply needs a connection next time.
  }
}

function forget(token: string): void {
  try {
    localStorage.removeItem(keptKey(token));
  } catch {
    // Nothing kept.
  }
}

/** Asks for the secrets; the answer's message is in `language`, the page's (island-words.ts). */
async function askSecrets(token: string, pin: string | null, language: string): Promise<{ status: number; body: GuestSecrets | GuestSecretsRefusal | { message?: string } }> {
  const headers = { accept: 'application/json', 'accept-language': language };
  const response = await fetch(`/api/guest/${encodeURIComponent(token)}/secrets`, {
    headers: pin ? { ...headers, [PIN_HEADER]: pin } : headers,
    cache: 'no-store',
    credentials: 'omit',
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as GuestSecrets };
}

export default function SecretReveal(props: SecretRevealIslandProps) {
  const { token, mode, hasCode, hasWifiPassword, wifiName, opensAt, opensLabel, over, words } = props;
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [pin, setPin] = useState('');
  const pinId = useId();
  const errorId = useId();
  const requested = useRef(false);

  /** `quiet`: a look again while the stay's code is being set, which keeps what is shown until the answer comes. */
  async function reveal(withPin: string | null, quiet = false): Promise<void> {
    if (!quiet) setState({ kind: 'loading' });
    try {
      const { status, body } = await askSecrets(token, withPin, words['locale.lang']);
      if (status === 200) {
        const secrets = body as GuestSecrets;
        keep(token, secrets);
        setState({ kind: 'shown', secrets, offline: false });
        return;
      }
      forget(token);
      if (status === 403) {
        setState({ kind: 'refused', refusal: body as GuestSecretsRefusal });
        return;
      }
      const message = (body as { message?: string }).message;
      setState(message ? { kind: 'refused', refusal: { message, availableFrom: null, pinRequired: mode === 'pin' && status === 429 } } : { kind: 'failed' });
    } catch {
      // No connection: the copy kept from an earlier visit, if the stay still runs (a quiet look keeps what is shown).
      if (quiet) return;
      const kept = readKept(token);
      setState(kept ? { kind: 'shown', secrets: kept, offline: true } : { kind: 'failed' });
    }
  }

  useEffect(() => {
    dropExpired(Date.now());
    if (requested.current || over) return;
    requested.current = true;
    if (mode === 'stay' && opensAt === null) {
      void reveal(null);
      return;
    }
    if (mode === 'pin') {
      const kept = readKept(token);
      if (kept) setState({ kind: 'shown', secrets: kept, offline: false });
    }
    // Before the window: ask again when it opens, if the page is still open then (within a day).
    if (opensAt !== null && opensAt - Date.now() < 86_400_000) {
      const timer = setTimeout(() => void reveal(null), Math.max(0, opensAt - Date.now()) + 1000);
      return () => clearTimeout(timer);
    }
    return undefined;
    // Once per page: the props never change after hydration.
  }, []);

  // The steps' "Door code" chips show the code too, once it is shown here.
  const shownCode = state.kind === 'shown' ? state.secrets.code : '';
  useEffect(() => fillCodeChips(shownCode), [shownCode]);
  // The stay's own code being set on the lock: asked again every 10 minutes while the page is seen (§8 of decision 030).
  const waiting = state.kind === 'shown' && !state.offline && !state.secrets.code && state.secrets.doorCode?.state === 'waiting' ? state.secrets.doorCode : null;
  useLookAgain(waiting, () => void reveal(null, true));

  if (mode === 'stay' && over) return <p className="muted">{words['secret.over']}</p>;
  if (state.kind === 'shown') return <Shown secrets={state.secrets} offline={state.offline} wifiName={wifiName} words={words} />;

  const both = hasCode && hasWifiPassword;
  const what = words[both ? 'secret.what.both' : hasCode ? 'secret.what.code' : 'secret.what.wifiPassword'];
  if (mode === 'stay') {
    const message =
      state.kind === 'refused'
        ? state.refusal.message
        : opensLabel
          ? t(words, both ? 'secret.opensBoth' : 'secret.opensOne', { what, when: opensLabel })
          : t(words, both ? 'secret.duringStayBoth' : 'secret.duringStayOne', { what });
    return (
      <div className="access-body">
        <p role="status">{state.kind === 'loading' ? t(words, 'secret.loading', { what }) : state.kind === 'failed' ? t(words, 'secret.loadFailed', { what }) : message}</p>
        {state.kind === 'failed' && (
          <button type="button" className="btn" onClick={() => void reveal(null)}>
            {words['secret.retry']}
          </button>
        )}
      </div>
    );
  }

  const pinWords: PinWords = words;
  function onSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin.trim())) {
      setState({ kind: 'refused', refusal: { message: pinWords['secret.pinShape'], availableFrom: null, pinRequired: true } });
      return;
    }
    void reveal(pin.trim());
  }

  const error = state.kind === 'refused' ? state.refusal.message : state.kind === 'failed' ? words['secret.unreachable'] : '';
  return (
    <form className="pin-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t(words, 'secret.pinIntro', { what })}</p>
      {!hydrated && <p className="muted small">{words['secret.pinNeedsScript']}</p>}
      <label htmlFor={pinId}>{words['secret.pinLabel']}</label>
      <div className="pin-row">
        <input
          id={pinId}
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={8}
          value={pin}
          disabled={!hydrated}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="btn" disabled={!hydrated || state.kind === 'loading'}>
          {state.kind === 'loading' ? words['secret.checking'] : words['secret.reveal']}
        </button>
      </div>
      <p id={errorId} className="field-error" role="alert">
        {error}
      </p>
    </form>
  );
}

function Shown({ secrets, offline, wifiName, words }: { secrets: GuestSecrets; offline: boolean; wifiName: string; words: StayWords | PinWords }) {
  const { copied, copy } = useCopy();
  return (
    <div className="access-body">
      <dl className="secrets">
        {!secrets.code && secrets.doorCode && (
          // A role on the group would take it out of the list (axe: definition-list): the status is the text itself.
          <div className="door-code-wait">
            <dt>{words['secret.codeLabel']}</dt>
            <dd>
              <span role="status">{secrets.doorCode.message}</span>
            </dd>
          </div>
        )}
        {secrets.code && (
          <SecretRow label={words['secret.codeLabel']} value={secrets.code} kind="code" valueClass="code-chip" action={words['secret.copyCode']} done={words['secret.codeCopied']} copy={copy} />
        )}
        {secrets.wifiPassword && (
          <SecretRow
            label={wifiName ? t(words, 'secret.wifiPasswordOf', { network: wifiName }) : words['secret.wifiPasswordLabel']}
            value={secrets.wifiPassword}
            kind="wifi-password"
            valueClass="mono"
            action={words['copy.password']}
            done={words['copy.passwordDone']}
            copy={copy}
          />
        )}
      </dl>
      {secrets.code && secrets.codeNote && <p className="muted small code-note">{secrets.codeNote}</p>}
      <span className={copied ? 'toast show' : 'toast'} role="status" aria-live="polite">
        {copied}
      </span>
      {secrets.wifiQr && (
        <figure className="qr">
          {/* Our own server's QR code (qrcode's SVG), never a guest's or host's markup. */}
          <div dangerouslySetInnerHTML={{ __html: secrets.wifiQr }} />
          <figcaption className="muted small">{words['secret.wifiQr']}</figcaption>
        </figure>
      )}
      {offline && <p className="muted small">{words['secret.offline']}</p>}
    </div>
  );
}

interface SecretRowProps {
  label: string;
  value: string;
  /** `data-secret` on the value (the e2e tests find it by that). */
  kind: 'code' | 'wifi-password';
  valueClass: string;
  /** The button's text, and the status said once copied. */
  action: string;
  done: string;
  copy: ReturnType<typeof useCopy>['copy'];
}

/** One revealed secret: its label, the value (selected when the clipboard refuses) and its copy button. */
function SecretRow({ label, value, kind, valueClass, action, done, copy }: SecretRowProps) {
  const valueRef = useRef<HTMLElement>(null);
  const Value = kind === 'code' ? 'strong' : 'span';
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <Value className={`${valueClass} secret-value`} ref={valueRef} data-secret={kind}>
          {value}
        </Value>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy(value, done, valueRef.current)}>
          <GuestIcon name="copy" size={16} /> {action}
        </button>
      </dd>
    </div>
  );
}
