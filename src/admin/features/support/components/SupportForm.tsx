import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactSchema } from '@shared/schemas/contact.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { errorMessage } from '@shared/api-client.ts';
import { useUserInfo } from '../../../lib/user-store.ts';
import { useSendMessage } from '../api/send-message.ts';

type Field = 'name' | 'email' | 'message';

/** docs/product.md §2 Support form: name and e-mail prefilled from the stored user info; §5 all required. */
export function SupportForm() {
  const id = useId();
  const user = useUserInfo();
  const [values, setValues] = useState({ name: user?.name ?? '', email: user?.email ?? '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendMessage();

  // The stored user may arrive after the first paint (first visit): fill what is still empty.
  useEffect(() => {
    if (!user) return;
    setValues((current) => ({ ...current, name: current.name || user.name, email: current.email || user.email }));
  }, [user]);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = (['name', 'email', 'message'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(messages.contact.sent);
        setValues((current) => ({ ...current, message: '' }));
      },
      onError: (error) => toast.error(errorMessage(error, messages.contact.failed)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card grid gap-5 p-6 sm:grid-cols-2 sm:p-8" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-display text-lg font-bold text-ink sm:col-span-2">
        Send us a message
      </h2>
      <TextField id={`${id}-name`} label="Full Name" name="name" autoComplete="name" maxLength={CONTACT_NAME_MAX} value={values.name} error={errors.name} onChange={(event) => set('name', event.target.value)} />
      <TextField id={`${id}-email`} label="Email Address" name="email" type="email" inputMode="email" autoComplete="email" maxLength={CONTACT_EMAIL_MAX} value={values.email} error={errors.email} onChange={(event) => set('email', event.target.value)} />
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="field-label">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          className="field-input"
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          onChange={(event) => set('message', event.target.value)}
        />
        {errors.message ? (
          <p id={`${id}-message-error`} className="field-error dark:text-red-400">
            {errors.message}
          </p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
