import '../../lib/shared/zod-jitless.ts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '../../lib/shared/messages.ts';
import { EMAIL_MAX, requestResetSchema } from '../../lib/shared/schemas/auth.ts';
import { messageOf, postJson } from '../lib/api.ts';
import { validateForm } from '../lib/form-errors.ts';
import AuthCard from './AuthCard.tsx';
import PublicToaster from '../lib/PublicToaster.tsx';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

const backToLogin = (
  <a href="/login" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
    Back to login
  </a>
);

/** /forgotPassword (SPEC §2, §5 "email input type only", §8 Forgot password messages). */
function ForgotPassword() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Text typed before hydration is on screen but not in state (see lib/prefilled.ts).
    if (input.current?.value) setEmail(input.current.value);
    setReady(true);
  }, []);
  useEffect(() => {
    if (sent) result.current?.focus();
  }, [sent]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    if (error) setError(validateForm(requestResetSchema, { email: event.target.value }).errors?.email);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { data, errors } = validateForm(requestResetSchema, { email });
    setError(errors?.email);
    if (!data) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await postJson('/api/users/requestResetPassword', data);
    setBusy(false);
    if (answer.ok) {
      // The notice that replaces the form says it (SPEC §8); a toast would only repeat it.
      setSent(true);
    } else if (answer.status === 0) {
      toast.error(messages.auth.resetSendFailed);
    } else {
      toast.error(messageOf(answer.data) ?? messages.auth.resetMailFailed);
    }
  }

  if (sent) {
    return (
      <AuthCard title="Check your inbox" description="The link in the email lets you choose a new password." footer={backToLogin}>
        <div ref={result} tabIndex={-1} className="outline-none">
          <Notice tone="success" role="status">
            {messages.auth.resetMailSent}
          </Notice>
        </div>
        <p className="mt-5 text-center text-sm text-muted">
          No email after a few minutes? Check your spam folder, or{' '}
          <button type="button" className="font-semibold text-brand-800 underline underline-offset-4" onClick={() => setSent(false)}>
            try again
          </button>
          .
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter the email you signed up with and we will send you a link to choose a new one." footer={backToLogin}>
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-5">
        <TextField
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
          required
          value={email}
          onChange={onChange}
          error={error}
          inputRef={input}
        />
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={!ready || busy}>
          {busy ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </AuthCard>
  );
}

export default function ForgotPasswordForm() {
  return (
    <>
      <ForgotPassword />
      <PublicToaster />
    </>
  );
}
