import '../lib/shared/zod-jitless.ts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import PublicToaster from './lib/PublicToaster.tsx';
import { messages } from '../lib/shared/messages.ts';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactSchema } from '../lib/shared/schemas/contact.ts';

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', message: '' };
const FIELDS: readonly Field[] = ['name', 'email', 'message'];

/** First message per field, in the schema's order, from the same schema the API uses. */
function validate(values: Values): Errors {
  const result = contactSchema.safeParse(values);
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Landing page contact form (SPEC §2 #contact-section, §5 validation, §8 "Email Sent"). */
export default function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Until React runs, a click would submit the form natively (no JSON, no validation): wait.
  const [ready, setReady] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  useEffect(() => setReady(true), []);

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once a field has complained, tell the visitor as soon as it is right.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      refs.current[firstInvalid]?.focus();
      return;
    }

    setBusy(true);
    try {
      const response = await fetch('/api/messaging/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const text = typeof body?.message === 'string' ? body.message : undefined;
      if (response.ok) {
        toast.success(messages.contact.sent);
        setValues(EMPTY);
      } else {
        toast.error(text ?? messages.contact.failed);
      }
    } catch {
      toast.error(messages.contact.failed);
    } finally {
      setBusy(false);
    }
  }

  function fieldProps(field: Field) {
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      onChange,
      required: true,
      className: 'field-input',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        refs.current[field] = element;
      },
    };
  }

  function errorText(field: Field) {
    const error = errors[field];
    return error ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {error}
      </p>
    ) : null;
  }

  return (
    <>
      <form className="card grid gap-5 p-6 sm:grid-cols-2 sm:p-8" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            Name
          </label>
          <input type="text" autoComplete="name" maxLength={CONTACT_NAME_MAX} {...fieldProps('name')} />
          {errorText('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="field-label">
            Email
          </label>
          <input type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_EMAIL_MAX} {...fieldProps('email')} />
          {errorText('email')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className="field-label">
            Message
          </label>
          <textarea rows={5} maxLength={CONTACT_MESSAGE_MAX} {...fieldProps('message')} />
          {errorText('message')}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!ready || busy}>
            {busy ? 'Sending…' : 'Send Message'}
          </button>
        </div>
      </form>
      <PublicToaster />
    </>
  );
}
