import '../../lib/shared/zod-jitless.ts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../lib/shared/messages.ts';
import { EMAIL_MAX, PASSWORD_MAX, loginSchema } from '../../lib/shared/schemas/auth.ts';
import { messageOf, postJson } from '../lib/api.ts';
import { firstInvalid, validateForm, type FieldErrors } from '../lib/form-errors.ts';
import { adoptPrefilled } from '../lib/prefilled.ts';
import { redirectTarget } from '../lib/safe-redirect.ts';
import { saveUserInfo } from '../lib/user-info.ts';
import AuthCard from './AuthCard.tsx';
import PublicToaster from '../lib/PublicToaster.tsx';
import GoogleSignIn, { OrDivider } from './GoogleSignIn.tsx';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

interface Props {
  /** Google's OAuth client id when Google sign-in is configured (the page reads the config). */
  googleClientId?: string | undefined;
}

/** /login (SPEC §2 Login, §4 Auth, §8 Login messages). */
export default function LoginForm({ googleClientId }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);
  // Until React runs, a click would post the form natively (no JSON): wait for hydration.
  const [ready, setReady] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  useEffect(() => {
    setValues((current) => adoptPrefilled(current, inputs.current));
    setReady(true);
  }, []);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as Field;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateForm(loginSchema, next).errors?.[field] }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validateForm(loginSchema, values);
    setErrors(found ?? {});
    if (!data) {
      const field = firstInvalid(FIELDS, found);
      if (field) inputs.current[field]?.focus();
      return;
    }

    setBusy(true);
    setFormError(undefined);
    setUnverified(false);
    const result = await postJson('/api/users/auth', data);
    if (result.ok && saveUserInfo(result.data)) {
      // Keep the button busy: the next page is loading.
      window.location.assign(redirectTarget());
      return;
    }
    setBusy(false);
    const code = result.data && typeof result.data === 'object' && 'code' in result.data ? result.data.code : undefined;
    if (result.status === 403 && code === 'EMAIL_NOT_VERIFIED') {
      // SPEC §8: the verification notice plus an error toast.
      setUnverified(true);
      toast.error(messages.auth.verifyFirst);
      return;
    }
    const text = messageOf(result.data) ?? messages.auth.loginFailed;
    setFormError(text);
    toast.error(text);
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const inputRef = (field: Field) => (element: HTMLInputElement | null) => {
    inputs.current[field] = element;
  };

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to edit your guidebooks and share them with your guests."
      footer={
        <>
          New to Porchlight?{' '}
          <a href="/register" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            Sign up
          </a>
        </>
      }
    >
      {unverified ? (
        <div className="mb-5">
          <Notice tone="info" title={messages.auth.verifyFirst}>
            {messages.auth.verifyNotice}
          </Notice>
        </div>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} aria-describedby={formError ? `${id}-form-error` : undefined} className="grid gap-5">
        <TextField
          id={fieldId('email')}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={EMAIL_MAX}
          required
          value={values.email}
          onChange={onChange}
          error={errors.email}
          inputRef={inputRef('email')}
        />
        <TextField
          id={fieldId('password')}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          required
          value={values.password}
          onChange={onChange}
          error={errors.password}
          inputRef={inputRef('password')}
          aside={
            <a href="/forgotPassword" className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
              Forgot?
            </a>
          }
        />
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
