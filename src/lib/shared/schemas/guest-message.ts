import { z } from 'zod';
import { messages } from '../messages.ts';
import { CONTACT_EMAIL_MAX, CONTACT_NAME_MAX } from './contact.ts';

/** A guest's message is a note, not a letter: short enough to read on a phone. */
export const GUEST_MESSAGE_MAX = 2000;

const text = messages.contact;

/**
 * POST /api/guest/:token/message (the guest page's "Message your host"): the guest's
 * name and message, and an address when they want an answer by e-mail. `turnstileToken` on a
 * public link when the captcha is configured; a stay link needs none.
 */
export const guestMessageSchema = z.object(
  {
    name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(CONTACT_NAME_MAX, text.nameTooLong(CONTACT_NAME_MAX)),
    email: z
      .string({ error: text.emailInvalid })
      .trim()
      .max(CONTACT_EMAIL_MAX, text.emailTooLong(CONTACT_EMAIL_MAX))
      .refine((value) => value === '' || z.email().safeParse(value).success, text.emailInvalid)
      .default(''),
    message: z.string({ error: text.messageRequired }).trim().min(1, text.messageRequired).max(GUEST_MESSAGE_MAX, text.messageTooLong(GUEST_MESSAGE_MAX)),
    turnstileToken: z.string().max(4096).optional(),
  },
  { error: text.nameRequired },
);

export type GuestMessageInput = z.input<typeof guestMessageSchema>;
