import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { withPlanIntent, type PlanIntent } from '@shared/plan-intent.ts';
import { saveUserInfo } from '@shared/user-info.ts';
import { withToaster } from '../lib/PublicToaster.tsx';
import AuthCard from './AuthCard.tsx';
import ResendVerification from './ResendVerification.tsx';

/** docs/product.md §2, §9: the bar fills 1% every 100 ms, then the login page opens (10 s). */
const TICK_MS = 100;
const LOGIN = '/login';

/**
 * `login`: an address-change link opened signed out. `already`: a second click on a link whose
 * address is verified. Neither is a failure: logging in is all that is left.
 */
type Status = { state: 'pending' } | { state: 'success' } | { state: 'login' } | { state: 'already' } | { state: 'error'; message: string };

interface Props {
  /** 'signup' confirms a new account; 'change' confirms a new e-mail address (docs/product.md §4). */
  variant: 'signup' | 'change';
  token: string;
  name: string;
  /** A plan chosen before registering (`?plan=` in the mailed link): the login leads to its checkout. */
  intent?: PlanIntent | null;
}

async function confirm(variant: Props['variant'], token: string): Promise<Status> {
  if (!token) return { state: 'error', message: messages.auth.verificationFailed };
  try {
    if (variant === 'signup') {
      await api.post('/api/users/verify-email', { token });
    } else {
      const answer = await api.patch<{ user?: unknown } | null>('/api/users/confirm-user-change-email', { verificationToken: token });
      // The address changed: the stored user info must show the new one (docs/product.md §4).
      if (answer?.user) saveUserInfo(answer.user);
    }
    return { state: 'success' };
  } catch (error) {
    const status = failureStatus(error);
    // An address change is confirmed by the signed-in owner only (the server answers 401 otherwise).
    if (variant === 'change' && status === 401) return { state: 'login' };
    return status === 409 ? { state: 'already' } : { state: 'error', message: messages.auth.verificationFailed };
  }
}

function StatusIcon({ status }: { status: Status }) {
  const common = 'flex size-16 items-center justify-center rounded-full';
  if (status.state === 'pending') {
    return <span className="size-16 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" aria-hidden="true" />;
  }
  if (status.state === 'already') {
    // Information, not a failure: the sky of the info notices, an "i".
    return (
      <span className={`${common} bg-sky-100 text-sky-800`} aria-hidden="true">
        <svg className="size-8" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 11v6M12 7v.01" />
        </svg>
      </span>
    );
  }
  if (status.state === 'login') {
    // A padlock in the brand colours: a step to take, not something that went wrong.
    return (
      <span className={`${common} bg-brand-100 text-brand-800`} aria-hidden="true">
        <svg className="size-8" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="11" width="18" height="10" rx="2" />
          <path d="M7 11V7a5 5 0 0 1 10 0v4" />
          <path d="M12 15v2" />
        </svg>
      </span>
    );
  }
  const ok = status.state === 'success';
  return (
    <span className={`${common} ${ok ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700'}`} aria-hidden="true">
      <svg className="size-9" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d={ok ? 'm5 12.5 4.5 4.5L19 7.5' : 'M6.5 6.5l11 11M17.5 6.5l-11 11'} />
      </svg>
    </span>
  );
}

/** The card's heading and the sentence after "Hi {name},". */
function wording(status: Status, variant: Props['variant']): { title: string; text: string } {
  switch (status.state) {
    case 'pending':
      return { title: 'Verifying your email…', text: 'This takes only a moment.' };
    case 'success':
      return {
        title: messages.auth.emailVerified,
        text: variant === 'change' ? 'your new email address is confirmed. Use it the next time you log in.' : 'your account is ready. Log in to create your first guidebook.',
      };
    case 'login':
      return {
        title: 'Log in to confirm your new email',
        text: 'this link changes the email address of your Porchlight account. Log in with your current email address, and the change completes right after.',
      };
    case 'already':
      return { title: messages.auth.alreadyVerified, text: messages.auth.alreadyVerifiedText };
    case 'error':
      return { title: status.message, text: 'this link is invalid or has expired. Open the most recent email we sent you, or ask for a new link below.' };
  }
}

/** /verify-email and /verify-email-change (docs/product.md §2, §4 E-mail verification, §8). */
function Verification({ variant, token, name, intent = null }: Props) {
  const [status, setStatus] = useState<Status>({ state: 'pending' });
  const [progress, setProgress] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    // A token works once: never send it twice, even if React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void confirm(variant, token).then((result) => {
      setStatus(result);
      if (result.state === 'success') toast.success(messages.auth.emailVerified);
      else if (result.state === 'error') toast.error(result.message);
      // `login` and `already` are explained on the card itself: no error toast for a step still to take.
    });
  }, [variant, token]);

  // A failed link stays put: the host may ask for a new one here. Every other outcome moves on to login.
  const failed = status.state === 'error';
  useEffect(() => {
    if (failed) return undefined;
    const timer = window.setInterval(() => setProgress((value) => Math.min(100, value + 1)), TICK_MS);
    return () => window.clearInterval(timer);
  }, [failed]);

  // Signed out on the e-mail-change link: log in, then come straight back to this link, which
  // then completes the change with the new session (the token rides in the redirect target).
  // A plan chosen before registering rides on to the login, which then opens its checkout.
  const loginHref = status.state === 'login' ? `${LOGIN}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}` : withPlanIntent(LOGIN, intent);
  useEffect(() => {
    if (progress >= 100 && !failed) window.location.assign(loginHref);
  }, [progress, loginHref, failed]);

  const { title, text } = wording(status, variant);
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const secondsLeft = Math.ceil(((100 - progress) * TICK_MS) / 1000);

  return (
    <AuthCard
      icon={<StatusIcon status={status} />}
      title={title}
      description={
        <span role="status">
          {greeting} {text}
        </span>
      }
    >
      {failed ? (
        // An expired or replaced link (a signup one): a new one is a click away.
        <>
          {variant === 'signup' ? <ResendVerification intent={intent} /> : null}
          <a href={loginHref} className="btn-ghost mt-4 w-full py-3 text-base">
            Go to login
          </a>
        </>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label="Redirecting to login"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-brand-100"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-100 ease-linear" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-3 text-center text-sm text-muted">Taking you to the login page in {secondsLeft} s.</p>
          <a href={loginHref} className="btn-primary mt-6 w-full py-3 text-base">
            {status.state === 'login' ? 'Log in to confirm' : status.state === 'already' ? 'Log In' : 'Go to login now'}
          </a>
        </>
      )}
    </AuthCard>
  );
}

export default withToaster(Verification);
