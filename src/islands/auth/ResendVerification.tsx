import '@shared/zod-jitless.ts';
import { useState, type SubmitEvent } from 'react';
import { api, failureStatus, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { planIntentQuery, type PlanIntent } from '@shared/plan-intent.ts';
import { EMAIL_MAX, resendVerificationSchema } from '@shared/schemas/auth.ts';
import { useFormFields } from '../lib/use-form-fields.ts';
import Notice from './Notice.tsx';
import TextField from './TextField.tsx';

const FIELDS = ['email'] as const;

interface Props {
  /** The address, when the page knows it (the login form); otherwise the host types it. */
  email?: string;
  /** A plan chosen before registering: the new link carries it on (plan-intent.ts). */
  intent?: PlanIntent | null;
}

/**
 * "Send a new link": asks POST /api/users/resend-verification for a fresh verification mail, on
 * the login page's "verify your email" notice and on an expired or unknown verification link. The
 * answer is the same whatever the address (docs/security.md 10), so it is shown
 * as it comes; a refusal (a wrong address, too many asks) stays under the button.
 */
export default function ResendVerification({ email, intent = null }: Props) {
  const { validate, field, ready } = useFormFields(resendVerificationSchema, FIELDS, { email: email ?? '' });
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = busy ? null : email !== undefined ? resendVerificationSchema.safeParse({ email }).data : validate().data;
    if (!data) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await api.post<{ message?: unknown }>('/api/users/resend-verification', { email: data.email, ...planIntentQuery(intent) });
      setSent(typeof answer?.message === 'string' ? answer.message : messages.auth.verificationResent);
    } catch (error) {
      setFailure(failureStatus(error) === 0 ? messages.auth.resendFailed : (serverMessageOf(error) ?? messages.auth.resendFailed));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Notice tone="success" role="status">
        {sent}
      </Notice>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-3">
      {email === undefined ? <TextField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} required /> : null}
      <button type="submit" className="btn-secondary w-full py-2.5" disabled={!ready || busy}>
        {busy ? 'Sending…' : 'Send a new link'}
      </button>
      {failure ? (
        <p role="alert" className="field-error -mt-1">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
