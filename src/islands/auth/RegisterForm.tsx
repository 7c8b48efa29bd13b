import '@shared/zod-jitless.ts';
import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { api, messageOf, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { planIntentQuery, withPlanIntent, type PlanIntent } from '@shared/plan-intent.ts';
import { findPlan } from '@shared/plans.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, registerFormSchema } from '@shared/schemas/auth.ts';
import { withToaster } from '../lib/PublicToaster.tsx';
import { useFormFields } from '../lib/use-form-fields.ts';
import AuthCard from './AuthCard.tsx';
import GoogleSignIn, { OrDivider } from './GoogleSignIn.tsx';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

type Field = 'name' | 'email' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['name', 'email', 'password', 'confirmPassword'];
const EMPTY: Record<Field, string> = { name: '', email: '', password: '', confirmPassword: '' };

interface Props {
  /** Cloudflare Turnstile site key when the captcha is configured. */
  turnstileSiteKey?: string | undefined;
  googleClientId?: string | undefined;
  /** A plan chosen on the pricing section (`?plan=gold`): carried to its checkout after the first login. */
  intent?: PlanIntent | null;
  /** `?invitation=`: the token of a team invitation (`/invite/:token`); an account made with its address joins at once. */
  invitation?: string | undefined;
}

const linkClass = 'font-semibold text-brand-800 underline-offset-4 hover:underline';

/** /register (docs/product.md §2 Register, §4 Registration, §5: human check, matching passwords, 6+ chars). */
function Register({ turnstileSiteKey, googleClientId, intent = null, invitation }: Props) {
  const loginHref = withPlanIntent('/login', intent);
  const { id, validate, field: bind, ready } = useFormFields(registerFormSchema, FIELDS, EMPTY);
  const [captchaError, setCaptchaError] = useState<string>();
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaUnavailable, setCaptchaUnavailable] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; text: string }>();
  const [busy, setBusy] = useState(false);
  const turnstile = useRef<TurnstileInstance>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!sentTo) return;
    // The form was scrolled to its button; the shorter result card starts near the top. Scroll
    // there (its heading clear of the sticky header) rather than let focus scroll it into view.
    window.scrollTo({ top: 0 });
    resultRef.current?.focus({ preventScroll: true });
  }, [sentTo]);

  function onCaptcha(token: string) {
    setCaptchaToken(token);
    if (token) setCaptchaError(undefined);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validate({ captchaToken });
    // docs/product.md §5: human verification is required whenever the captcha is on.
    const captcha = turnstileSiteKey && !captchaToken ? messages.auth.humanCheck : undefined;
    setCaptchaError(captcha);
    if (!data || captcha) {
      if (captcha) toast.error(captcha);
      else if (found?.confirmPassword === messages.auth.passwordsDontMatch) toast.error(messages.auth.passwordsDontMatch);
      return;
    }

    setBusy(true);
    const { confirmPassword: _confirm, ...body } = data;
    try {
      const answer = await api.post<unknown>('/api/users', { ...body, ...planIntentQuery(intent), ...(invitation ? { invitation } : {}) });
      // Joined from an invitation: signed in already, the team's dashboard is next (docs/decisions/028-teams.md §7).
      if (invitation && messageOf(answer) !== messages.auth.registered) return window.location.assign('/dashboard');
      setSentTo({ email: data.email, text: messageOf(answer) ?? messages.auth.registered });
    } catch (error) {
      // A Turnstile token is good for one check only: get a fresh one for the next attempt.
      turnstile.current?.reset();
      setCaptchaToken('');
      toast.error(serverMessageOf(error) ?? messages.auth.registerFailed);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <>
      Already have an account?{' '}
      <a href={loginHref} className={linkClass}>
        Log in
      </a>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox" description="One more step and your account is ready.">
        <div ref={resultRef} tabIndex={-1} className="outline-none">
          <Notice tone="info" role="status" title={sentTo.text}>
            {messages.auth.verificationSent(sentTo.email)}
          </Notice>
        </div>
        <a href={loginHref} className="btn-secondary mt-6 w-full py-3 text-base">
          Go to login
        </a>
      </AuthCard>
    );
  }

  const field = (name: Field) => ({ ...bind(name), required: true });

  return (
    <AuthCard title="Create your account" description="Build a guidebook your guests will actually read. Free for your first 3 guidebooks." footer={footer}>
      {intent ? (
        <div className="mb-5">
          <Notice tone="info" title={`You chose ${findPlan(intent.plan).name}, billed ${intent.interval}`}>
            Create your account and confirm your email: your first login takes you straight to the checkout.
          </Notice>
        </div>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-5">
        <TextField {...field('name')} label="Name" autoComplete="name" maxLength={NAME_MAX} />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} />
        <TextField {...field('password')} label="Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} hint={`At least ${PASSWORD_MIN} characters.`} />
        <TextField {...field('confirmPassword')} label="Confirm Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        {turnstileSiteKey ? (
          <div>
            <Turnstile
              ref={turnstile}
              siteKey={turnstileSiteKey}
              onSuccess={onCaptcha}
              onExpire={() => onCaptcha('')}
              onError={() => onCaptcha('')}
              options={{ theme: 'light', size: 'flexible', language: 'en' }}
              scriptOptions={{ onError: () => setCaptchaUnavailable(true) }}
              aria-describedby={captchaError ? `${id}-captcha-error` : undefined}
            />
            {captchaUnavailable ? <p className="mt-1.5 text-sm text-muted">{messages.auth.captchaUnavailable}</p> : null}
            {captchaError ? (
              <p id={`${id}-captcha-error`} className="field-error">
                {captchaError}
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={!ready || busy}>
          {busy ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      {googleClientId ? (
        <>
          <OrDivider />
          <GoogleSignIn clientId={googleClientId} context="signup" />
        </>
      ) : null}
    </AuthCard>
  );
}

export default withToaster(Register);
