import { z } from 'zod';
import { plural } from '../guest-words/plural.ts';
import { t, type GuestWords } from '../guest-words/t.ts';
import { CONTACT_EMAIL_MAX, CONTACT_NAME_MAX } from './contact.ts';
import { perDictionary } from './per-dictionary.ts';

/** A guest's message is a note, not a letter: short enough to read on a phone. */
export const GUEST_MESSAGE_MAX = 2000;

/**
 * POST /api/guest/:token/message (the guest page's "Message your host"): the guest's
 * name and message, and an address when they want an answer by e-mail. `turnstileToken` on a
 * public link when the captcha is configured; a stay link needs none. Its errors are in the
 * guest's words (`words`, the request's language: server/http/guest-language.ts); one schema a
 * dictionary, built once.
 */
export const guestMessageSchema = perDictionary(buildSchema);

function buildSchema(words: GuestWords) {
  const tooLong = (key: 'api.nameTooLong' | 'api.emailTooLong' | 'api.messageTooLong', max: number) => t(words, key, { characters: plural(words, 'count.characters', max) });
  const nameRequired = words['contact.nameRequired'];
  const messageRequired = words['contact.messageRequired'];
  return z.object(
    {
      name: z.string({ error: nameRequired }).trim().min(1, nameRequired).max(CONTACT_NAME_MAX, tooLong('api.nameTooLong', CONTACT_NAME_MAX)),
      email: z
        .string({ error: words['api.emailInvalid'] })
        .trim()
        .max(CONTACT_EMAIL_MAX, tooLong('api.emailTooLong', CONTACT_EMAIL_MAX))
        .refine((value) => value === '' || z.email().safeParse(value).success, words['api.emailInvalid'])
        .default(''),
      message: z.string({ error: messageRequired }).trim().min(1, messageRequired).max(GUEST_MESSAGE_MAX, tooLong('api.messageTooLong', GUEST_MESSAGE_MAX)),
      turnstileToken: z.string().max(4096).optional(),
    },
    { error: nameRequired },
  );
}

export type GuestMessageInput = z.input<ReturnType<typeof guestMessageSchema>>;
