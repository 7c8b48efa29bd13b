import '../../lib/shared/zod-jitless.ts';
import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../lib/shared/messages.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, registerFormSchema } from '../../lib/shared/schemas/auth.ts';
import { messageOf, postJson } from '../lib/api.ts';
import { firstInvalid, validateForm, type FieldErrors } from '../lib/form-errors.ts';
import { adoptPrefilled } from '../lib/prefilled.ts';
import AuthCard from './AuthCard.tsx';
import PublicToaster from '../lib/PublicToaster.tsx';
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
}

const linkClass = 'font-semibold text-brand-800 underline-offset-4 hover:underline';

/** /register (SPEC §2 Register, §4 Registration, §5: human check, matching passwords, 6+ chars). */
function Register({ turnstileSiteKey, googleClientId }: Props) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field | 'captcha'>>({});
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaUnavailable, setCaptchaUnavailable] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; text: string }>();
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const turnstile = useRef<TurnstileInstance>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setValues((current) => adoptPrefilled(current, inputs.current));
    setReady(true);
  }, []);
  useEffect(() => {
    if (sentTo) resultRef.current?.focus();
  }, [sentTo]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as Field;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateForm(registerFormSchema, next).errors?.[field] }));
  }

  function onCaptcha(token: string) {
    setCaptchaToken(token);
    if (token) setErrors((current) => ({ ...current, captcha: undefined }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validateForm(registerFormSchema, { ...values, captchaToken });
    const next: FieldErrors<Field | 'captcha'> = { ...found };
    // SPEC §5: human verification is required whenever the captcha is on.
    if (turnstileSiteKey && !captchaToken) next.captcha = messages.auth.humanCheck;
    setErrors(next);
    if (!data || next.captcha) {
      const field = firstInvalid(FIELDS, next);
      if (field) inputs.current[field]?.focus();
      if (next.captcha) toast.error(messages.auth.humanCheck);
      else if (next.confirmPassword === messages.auth.passwordsDontMatch) toast.error(messages.auth.passwordsDontMatch);
      return;
    }

    setBusy(true);
    const { confirmPassword: _confirm, ...body } = data;
    const result = await postJson('/api/users', body);
    setBusy(false);
    if (result.ok) {
      setSentTo({ email: data.email, text: messageOf(result.data) ?? messages.auth.registered });
      return;
    }
    // A Turnstile token is good for one check only: get a fresh one for the next attempt.
    turnstile.current?.reset();
    setCaptchaToken('');
    toast.error(messageOf(result.data) ?? messages.auth.registerFailed);
  }

  const footer = (
    <>
      Already have an account?{' '}
      <a href="/login" className={linkClass}>
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
        <a href="/login" className="btn-secondary mt-6 w-full py-3 text-base">
          Go to login
        </a>
      </AuthCard>
    );
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const field = (name: Field) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onChange,
    error: errors[name],
    required: true,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
  });

  return (
    <AuthCard title="Create your account" description="Build a guidebook your guests will actually read. Free for your first 3 guidebooks." footer={footer}>
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-5">
        <TextField {...field('name')} label="Name" autoComplete="name" maxLength={NAME_MAX} />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} />
        <TextField
          {...field('password')}
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
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
              aria-describedby={errors.captcha ? `${id}-captcha-error` : undefined}
            />
            {captchaUnavailable ? <p className="mt-1.5 text-sm text-muted">{messages.auth.captchaUnavailable}</p> : null}
            {errors.captcha ? (
              <p id={`${id}-captcha-error`} className="field-error">
                {errors.captcha}
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

export default function RegisterForm(props: Props) {
  return (
    <>
      <Register {...props} />
      <PublicToaster />
    </>
  );
}
