import '@shared/zod-jitless.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { api, failureStatus, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { EMAIL_MAX, requestResetSchema } from '@shared/schemas/auth.ts';
import { withToaster } from '../lib/PublicToaster.tsx';
import { useFormFields } from '../lib/use-form-fields.ts';
import AuthCard from './AuthCard.tsx';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

const FIELDS = ['email'] as const;

const backToLogin = (
  <a href="/login" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
    Back to login
  </a>
);

/** /forgotPassword (docs/product.md §2, §5 "email input type only", §8 Forgot password messages). */
function ForgotPassword() {
  const { validate, field, ready } = useFormFields(requestResetSchema, FIELDS, { email: '' });
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) result.current?.focus();
  }, [sent]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = busy ? null : validate().data;
    if (!data) return;
    setBusy(true);
    try {
      await api.post('/api/users/requestResetPassword', data);
      // The notice that replaces the form says it (docs/product.md §8); a toast would only repeat it.
      setSent(true);
    } catch (error) {
      toast.error(failureStatus(error) === 0 ? messages.auth.resetSendFailed : (serverMessageOf(error) ?? messages.auth.resetMailFailed));
    } finally {
      setBusy(false);
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
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} required />
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={!ready || busy}>
          {busy ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </AuthCard>
  );
}

export default withToaster(ForgotPassword);
