import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { saveUserInfo } from '@shared/user-info.ts';
import { withToaster } from '../lib/PublicToaster.tsx';
import AuthCard from './AuthCard.tsx';

/** SPEC §2, §9: the bar fills 1% every 100 ms, then the login page opens (10 s). */
const TICK_MS = 100;
const LOGIN = '/login';

type Status = { state: 'pending' } | { state: 'success' } | { state: 'error'; message: string; needsLogin?: boolean };

interface Props {
  /** 'signup' confirms a new account; 'change' confirms a new e-mail address (SPEC §4). */
  variant: 'signup' | 'change';
  token: string;
  name: string;
}

async function confirm(variant: Props['variant'], token: string): Promise<Status> {
  if (!token) return { state: 'error', message: messages.auth.verificationFailed };
  try {
    if (variant === 'signup') {
      await api.post('/api/users/verify-email', { token });
    } else {
      const answer = await api.patch<{ user?: unknown } | null>('/api/users/confirm-user-change-email', { verificationToken: token });
      // The address changed: the stored user info must show the new one (SPEC §4).
      if (answer?.user) saveUserInfo(answer.user);
    }
    return { state: 'success' };
  } catch (error) {
    const status = failureStatus(error);
    // An address change is confirmed by the signed-in owner only (the server answers 401 otherwise).
    if (variant === 'change' && status === 401) return { state: 'error', message: messages.auth.pleaseLogIn, needsLogin: true };
    return { state: 'error', message: status === 409 ? messages.auth.alreadyVerified : messages.auth.verificationFailed };
  }
}

function StatusIcon({ status }: { status: Status }) {
  const common = 'flex size-16 items-center justify-center rounded-full';
  if (status.state === 'pending') {
    return <span className="size-16 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" aria-hidden="true" />;
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

/** /verify-email and /verify-email-change (SPEC §2, §4 E-mail verification, §8). */
function Verification({ variant, token, name }: Props) {
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
    });
  }, [variant, token]);

  useEffect(() => {
    const timer = window.setInterval(() => setProgress((value) => Math.min(100, value + 1)), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Signed out on the e-mail-change link: log in, then come straight back to this link.
  const loginHref =
    status.state === 'error' && status.needsLogin ? `${LOGIN}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}` : LOGIN;
  useEffect(() => {
    if (progress >= 100) window.location.assign(loginHref);
  }, [progress, loginHref]);

  const title = status.state === 'pending' ? 'Verifying your email…' : status.state === 'success' ? messages.auth.emailVerified : status.message;
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text =
    status.state === 'pending'
      ? 'This takes only a moment.'
      : status.state === 'success'
        ? variant === 'change'
          ? 'your new email address is confirmed. Use it the next time you log in.'
          : 'your account is ready. Log in to create your first guidebook.'
        : status.message === messages.auth.alreadyVerified
          ? 'you can log in right away.'
          : status.needsLogin
            ? 'log in with your current email address and this link will be confirmed right after.'
          : 'this link is invalid or has expired. Please open the most recent email we sent you.';
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
        Go to login now
      </a>
    </AuthCard>
  );
}

export default withToaster(Verification);
