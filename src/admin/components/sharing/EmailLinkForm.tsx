import { LoaderCircle, Send } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { shareByEmailSchema } from '@shared/schemas/sharing.ts';
import { ApiError } from '@shared/api-client.ts';
import { GUEST_EMAIL_INPUT } from '../ui/guest-email.ts';

interface Props {
  /** Sends the link to `email` (the server's answer decides the outcome). */
  send: (email: string) => Promise<unknown>;
  /** The toast after a send. */
  sentMessage: (email: string) => string;
  /** Under the field: what the mail holds (and what it never holds). */
  hint: string;
  /** The address the field starts with (a stay's guest). */
  initialEmail?: string;
}

/**
 * "Send by email": the guest's address, checked with the API's own schema before it is sent. The
 * server's refusal (a bad address, the send limit) is shown under the field; success is a toast,
 * and the field empties for the next guest.
 */
export function EmailLinkForm({ send, sentMessage, hint, initialEmail = '' }: Props) {
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = shareByEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.sharing.emailInvalid);
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await send(parsed.data.email);
      toast.success(sentMessage(parsed.data.email));
      setEmail('');
      setError(null);
    } catch (failure) {
      // The server's words for what it refused (400, 404, 429); a crash gets the generic text.
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : messages.sharing.mailFailed);
      inputRef.current?.focus();
    } finally {
      setPending(false);
    }
  }

  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      <label htmlFor={fieldId} className="field-label">
        Guest's email address
      </label>
      {/* On a phone the field takes the dialog's full width and Send goes below it. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={fieldId}
          name="email"
          {...GUEST_EMAIL_INPUT}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className="field-input min-w-0 flex-1 py-2"
        />
        <button type="submit" className="btn-primary shrink-0 px-4 sm:px-5" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Send className="size-4" aria-hidden="true" />}
          {pending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p id={errorId} role="alert" className={error ? 'field-error dark:text-red-400' : 'sr-only'}>
        {error ?? ''}
      </p>
      <p id={hintId} className="mt-2 text-sm text-muted">
        {hint}
      </p>
    </form>
  );
}
