import '@shared/zod-jitless.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { api, failureStatus, messageOf, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN, resetPasswordFormSchema } from '@shared/schemas/auth.ts';
import { firstInvalid } from '../lib/form-errors.ts';
import { useFormFields } from '../lib/use-form-fields.ts';
import { withToaster } from '../lib/PublicToaster.tsx';
import AuthCard from './AuthCard.tsx';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

type Field = 'newPassword' | 'confirmPassword';
const FIELDS: readonly Field[] = ['newPassword', 'confirmPassword'];
/** Time to read the success message before the login page (docs/product.md §4 Reset password). */
const REDIRECT_DELAY_MS = 2000;

type Phase = 'checking' | 'invalid' | 'unchecked' | 'form' | 'done';

interface Props {
  token: string;
  /** From the mailed link; only shown, and replaced by what the server says the token is for. */
  email: string;
}

/** /resetPassword?token&email (docs/product.md §2, §4 Reset password, §5: matching, 6+ characters). */
function ResetPassword({ token, email: linkEmail }: Props) {
  const { validate, field } = useFormFields(resetPasswordFormSchema, FIELDS, { newPassword: '', confirmPassword: '' });
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'invalid');
  const [email, setEmail] = useState(linkEmail);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLDivElement>(null);

  // docs/product.md §4: the token is checked on load; an expired one never shows the form.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void api.post<{ valid?: boolean; email?: string } | null>('/api/users/checkToken', { token }).then(
      (answer) => {
        if (cancelled) return;
        if (answer?.valid) {
          if (typeof answer.email === 'string') setEmail(answer.email);
          setPhase('form');
        } else {
          setPhase('invalid');
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        const status = failureStatus(error);
        // Not an answer about the token: let the user retry instead of calling the link expired.
        setPhase(status === 0 || status === 429 || status >= 500 ? 'unchecked' : 'invalid');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  useEffect(() => {
    if (phase === 'done') heading.current?.focus();
  }, [phase]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validate();
    if (!data) {
      const invalid = firstInvalid(FIELDS, found);
      if (invalid) toast.error(found[invalid]!);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<unknown>('/api/users/resetPassToken', { token, newPassword: data.newPassword });
      setPhase('done');
      toast.success(messageOf(answer) ?? messages.auth.passwordChanged);
      window.setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      setBusy(false);
      toast.error(serverMessageOf(error) ?? messages.auth.resetExpired);
    }
  }

  if (phase === 'checking') {
    return (
      <AuthCard title="Choose a new password" description="Checking your reset link…">
        <div className="flex justify-center py-4" role="status" aria-label="Checking your reset link">
          <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
        </div>
      </AuthCard>
    );
  }

  if (phase === 'invalid' || phase === 'unchecked') {
    const expired = phase === 'invalid';
    return (
      <AuthCard title={expired ? 'This link has expired' : 'Choose a new password'} description={expired ? 'Reset links work once and only for a short time.' : undefined}>
        <Notice tone="error" role="alert">
          {expired ? messages.auth.resetExpired : messages.auth.resetCheckFailed}
        </Notice>
        <div className="mt-6 grid gap-3">
          {expired ? (
            <a href="/forgotPassword" className="btn-secondary w-full py-3 text-base">
              Send a new link
            </a>
          ) : (
            <button type="button" className="btn-secondary w-full py-3 text-base" onClick={() => {
                setPhase('checking');
                setAttempt((n) => n + 1);
              }}>
              Try again
            </button>
          )}
          <a href="/login" className="btn-primary w-full py-3 text-base">
            Go to login
          </a>
        </div>
      </AuthCard>
    );
  }

  if (phase === 'done') {
    return (
      <AuthCard title="Password changed" description="Taking you to the login page…">
        <div ref={heading} tabIndex={-1} className="outline-none">
          <Notice tone="success" role="status">
            {messages.auth.passwordChanged}
          </Notice>
        </div>
        <a href="/login" className="btn-primary mt-6 w-full py-3 text-base">
          Go to login
        </a>
      </AuthCard>
    );
  }

  const password = (name: Field) => ({ ...field(name), type: 'password' as const, autoComplete: 'new-password', maxLength: PASSWORD_MAX, required: true });

  return (
    <AuthCard
      title="Choose a new password"
      description={
        email ? (
          <>
            For the account{' '}
            <span className="inline-block max-w-full truncate align-bottom font-semibold text-ink" title={email}>
              {email}
            </span>
          </>
        ) : (
          'Pick something you have not used here before.'
        )
      }
      footer={
        <a href="/login" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          Back to login
        </a>
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...password('newPassword')} label="New password" autoFocus hint={`At least ${PASSWORD_MIN} characters.`} />
        <TextField {...password('confirmPassword')} label="Confirm new password" />
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </AuthCard>
  );
}

export default withToaster(ResetPassword);
