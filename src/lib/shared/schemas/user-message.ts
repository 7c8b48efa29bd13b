import type { z } from 'zod';
import { contactMessageField, contactSchema } from './contact.ts';

/** Feedback sends six answers as HTML paragraphs in one message (docs/product.md §3), hence the roomier cap. */
export const USER_MESSAGE_MAX = 20_000;

/**
 * POST /api/messaging/sendMessageFromUser: support and feedback from a signed-in host. The support
 * form checks its fields with the contact schema, so the API answers each field with the same text.
 */
export const userMessageSchema = contactSchema.extend({ message: contactMessageField(USER_MESSAGE_MAX) });

export type UserMessageInput = z.input<typeof userMessageSchema>;
export type UserMessage = z.output<typeof userMessageSchema>;
