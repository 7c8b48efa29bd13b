import { z } from 'zod';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../contact-limits.ts';
import { messages } from '../messages.ts';

/** Limits of the contact form (docs/product.md §5), shared by the form's inputs and the API. */
export { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX };

const text = messages.contact;

/**
 * A required, trimmed string: missing, non-string and blank all read as "required"; too long says
 * so for this field (a long name was once answered "Your message is too long.").
 */
function requiredText({ required, max, tooLong }: { required: string; max: number; tooLong: string }) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** The message field with its own cap: the contact form's, or the roomier one of user-message.ts. */
export function contactMessageField(max: number) {
  return requiredText({ required: text.messageRequired, max, tooLong: text.messageTooLong(max) });
}

/**
 * Contact message of docs/product.md §3 (name, email, message), all required (§5). A body that is
 * not an object at all reads as an empty form, so its first complaint is the first field's.
 */
export const contactSchema = z.object(
  {
    name: requiredText({ required: text.nameRequired, max: CONTACT_NAME_MAX, tooLong: text.nameTooLong(CONTACT_NAME_MAX) }),
    email: requiredText({ required: text.emailRequired, max: CONTACT_EMAIL_MAX, tooLong: text.emailTooLong(CONTACT_EMAIL_MAX) }).pipe(z.email(text.emailInvalid)),
    message: contactMessageField(CONTACT_MESSAGE_MAX),
  },
  { error: text.nameRequired },
);

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
