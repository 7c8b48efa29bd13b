import '@shared/zod-jitless.ts';
import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { withPlanIntent, type PlanIntent } from '@shared/plan-intent.ts';
import { EMAIL_MAX, PASSWORD_MAX, loginSchema } from '@shared/schemas/auth.ts';
import { saveUserInfo } from '@shared/user-info.ts';
import { redirectTarget } from '../lib/redirect-target.ts';
import { useFormFields } from '../lib/use-form-fields.ts';
import AuthCard from './AuthCard.tsx';
import PublicToaster from '../lib/PublicToaster.tsx';
import GoogleSignIn, { OrDivider } from './GoogleSignIn.tsx';
import Notice from './Notice.tsx';
import ResendVerification from './ResendVerification.tsx';
import TextField from './TextField.tsx';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

const FORGOT = (
  <a href="/forgotPassword" className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
    Forgot?
  </a>
);

interface Props {
  /** Google's OAuth client id when Google sign-in is configured (the page reads the config). */
  googleClientId?: string | undefined;
  /** A plan chosen before registering (`?plan=`): signing in opens its checkout; "Sign up" keeps it. */
  intent?: PlanIntent | null;
}

/** /login (docs/product.md §2 Login, §4 Auth, §8 Login messages). */
export default function LoginForm({ googleClientId, intent = null }: Props) {
  const { id, validate, field, ready } = useFormFields(loginSchema, FIELDS, { email: '', password: '' });
  const [formError, setFormError] = useState<string>();
  /** The address that is not verified yet: the notice offers a new link for it. */
  const [unverified, setUnverified] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useMailedSignInLink({ setBusy, setFormError });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = busy ? null : validate().data;
    if (!data) return;

    setBusy(true);
    setFormError(undefined);
    setUnverified(null);
    setLinkSent(false);
    let failure: unknown;
    try {
      if (saveUserInfo(await api.post<unknown>('/api/users/auth', data))) {
        // Keep the button busy: the next page is loading.
        window.location.assign(redirectTarget());
        return;
      }
    } catch (error) {
      failure = error;
    }
    setBusy(false);
    if (failure instanceof ApiError && failure.status === 403 && failure.code === 'EMAIL_NOT_VERIFIED') {
      // The verification notice says it, with a way to get a new link; a toast would only repeat it.
      setUnverified(data.email);
      return;
    }
    if (failure instanceof ApiError && failure.status === 403 && failure.code === 'LOGIN_LINK_SENT') {
      // Many failures from elsewhere: the owner signs in through the mailed link (docs/security.md 8).
      setLinkSent(true);
      return;
    }
    // Said once, under the form, where the eyes are (a toast repeated it).
    setFormError(serverMessageOf(failure) ?? messages.auth.loginFailed);
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to edit your guidebooks and share them with your guests."
      footer={
        <>
          New to Porchlight?{' '}
          <a href={withPlanIntent('/register', intent)} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            Sign up
          </a>
        </>
      }
    >
      {unverified ? (
        <div className="mb-5">
          <Notice tone="info" role="alert" title={messages.auth.verifyFirst}>
            {messages.auth.verifyNotice} No email, or the link expired?
            <div className="mt-3">
              <ResendVerification key={unverified} email={unverified} intent={intent} />
            </div>
          </Notice>
        </div>
      ) : null}
      {linkSent ? (
        <div className="mb-5">
          <Notice tone="info" role="status" title="Check your email">
            {messages.auth.loginLinkSent}
          </Notice>
        </div>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} aria-describedby={formError ? `${id}-form-error` : undefined} className="grid gap-5">
        <TextField {...field('email')} label="Email" type="email" autoComplete="username" inputMode="email" maxLength={EMAIL_MAX} required />
        <TextField {...field('password')} label="Password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} required aside={FORGOT} />
        {formError ? (
          <p id={`${id}-form-error`} className="field-error -mt-1">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={!ready || busy}>
          {busy ? 'Logging in…' : 'Log In'}
        </button>
      </form>
      {googleClientId ? (
        <>
          <OrDivider />
          <GoogleSignIn clientId={googleClientId} context="signin" />
        </>
      ) : null}
      <PublicToaster />
    </AuthCard>
  );
}

/**
 * /login?link=…: the one-time sign-in link mailed past the per-account failure limit. Used with a
 * POST from the page, so a mail scanner that fetches the link does not spend it.
 */
function useMailedSignInLink({ setBusy, setFormError }: { setBusy: (busy: boolean) => void; setFormError: (text: string) => void }) {
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('link');
    if (!token) return;
    setBusy(true);
    api
      .post<unknown>('/api/users/login-link', { token })
      .then((info) => {
        if (saveUserInfo(info)) window.location.assign(redirectTarget());
      })
      .catch((error: unknown) => {
        setBusy(false);
        setFormError(serverMessageOf(error) ?? messages.auth.loginLinkFailed);
      });
  }, [setBusy, setFormError]);
}
