import { z } from 'zod';
import { messages } from '../messages.ts';

/** Limits of the contact form (SPEC §5), shared by the form's inputs and the API. */
export const CONTACT_NAME_MAX = 100;
/** RFC 5321 caps a forward path at 254 characters. */
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

const text = messages.contact;

/** A required, trimmed string: missing, non-string and blank all read as "required". */
function requiredText(required: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, text.tooLong);
}

/**
 * Contact message of SPEC §3 (name, email, message), all required (SPEC §5). A body that is not an
 * object at all reads as an empty form, so its first complaint is the first field's.
 */
export const contactSchema = z.object(
  {
    name: requiredText(text.nameRequired, CONTACT_NAME_MAX),
    email: requiredText(text.emailRequired, CONTACT_EMAIL_MAX).pipe(z.email(text.emailInvalid)),
    message: requiredText(text.messageRequired, CONTACT_MESSAGE_MAX),
  },
  { error: text.nameRequired },
);

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
