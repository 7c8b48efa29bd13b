import { z } from 'zod';
import { messages } from '../messages.ts';
import { EMAIL_MAX, NAME_MAX } from './auth.ts';

/** Feedback sends six answers as HTML paragraphs in one message (SPEC §3), hence the roomier cap. */
export const USER_MESSAGE_MAX = 20_000;

/** POST /api/messaging/sendMessageFromUser: support and feedback from a signed-in host. */
export const userMessageSchema = z.object(
  {
    name: z.string({ error: messages.auth.nameRequired }).trim().min(1, messages.auth.nameRequired).max(NAME_MAX, messages.auth.nameTooLong),
    email: z
      .string({ error: messages.auth.emailRequired })
      .trim()
      .min(1, messages.auth.emailRequired)
      .max(EMAIL_MAX, messages.auth.emailInvalid)
      .pipe(z.email(messages.auth.emailInvalid)),
    message: z.string({ error: messages.auth.messageRequired }).trim().min(1, messages.auth.messageRequired).max(USER_MESSAGE_MAX, messages.contact.tooLong),
  },
  { error: messages.auth.nameRequired },
);

export type UserMessageInput = z.input<typeof userMessageSchema>;
export type UserMessage = z.output<typeof userMessageSchema>;
