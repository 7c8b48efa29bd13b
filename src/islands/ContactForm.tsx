import '@shared/zod-jitless.ts';
import { useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { api, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactSchema } from '@shared/schemas/contact.ts';
import PublicToaster from './lib/PublicToaster.tsx';
import { useFormFields } from './lib/use-form-fields.ts';

type Field = 'name' | 'email' | 'message';

const EMPTY: Record<Field, string> = { name: '', email: '', message: '' };
const FIELDS: readonly Field[] = ['name', 'email', 'message'];

/** Landing page contact form (docs/product.md §2 #contact-section, §5 validation, §8 "Email Sent"). */
export default function ContactForm() {
  const { id, values, setValues, errors, validate, field, ready } = useFormFields(contactSchema, FIELDS, EMPTY);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !validate().data) return;

    setBusy(true);
    try {
      await api.post('/api/messaging/contact', values);
      toast.success(messages.contact.sent);
      setValues(EMPTY);
    } catch (error) {
      toast.error(serverMessageOf(error) ?? messages.contact.failed);
    } finally {
      setBusy(false);
    }
  }

  function fieldProps(name: Field) {
    const { error, inputRef, ...props } = field(name);
    return {
      ...props,
      required: true,
      className: 'field-input',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      ref: inputRef,
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
