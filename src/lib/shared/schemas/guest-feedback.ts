import { z } from 'zod';
import { plural } from '../guest-words/plural.ts';
import { t, type GuestWords } from '../guest-words/t.ts';
import { GUEST_FEEDBACK_COMMENT_MAX } from '../guest-feedback.ts';
import { perDictionary } from './per-dictionary.ts';

/**
 * What is kept of a guest's comment: plain text, its line breaks kept, every other control
 * character dropped (docs/security.md 36), trimmed.
 */
export function cleanFeedbackComment(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/\r\n?/g, '\n').replace(/[^\S\n ]+/g, ' ').replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, '').trim();
}

/**
 * POST /api/guest/:token/feedback `{ helpful, comment? }`: yes or no, and an optional comment
 * (cleaned, then at most GUEST_FEEDBACK_COMMENT_MAX characters). Its errors are in the guest's
 * words (server/http/guest-language.ts); one schema a dictionary, built once.
 */
export const guestFeedbackSchema = perDictionary(buildSchema);

function buildSchema(words: GuestWords) {
  const tooLong = t(words, 'api.commentTooLong', { characters: plural(words, 'count.characters', GUEST_FEEDBACK_COMMENT_MAX) });
  return z.object(
    {
      helpful: z.boolean({ error: words['feedback.helpfulRequired'] }),
      comment: z
        .string({ error: words['api.unreadable'] })
        .transform(cleanFeedbackComment)
        .pipe(z.string().max(GUEST_FEEDBACK_COMMENT_MAX, tooLong))
        .default(''),
    },
    { error: words['api.unreadable'] },
  );
}

export type GuestFeedbackInput = z.input<ReturnType<typeof guestFeedbackSchema>>;

/**
 * How long the guest who tapped Yes or No may still add a comment (or change the answer): the
 * tap's `editToken` works this long, and the daily mail waits for it (docs/product/insights.md).
 */
export const GUEST_FEEDBACK_EDIT_MS = 60 * 60_000;

/**
 * PATCH /api/guest/:token/feedback `{ id, editToken, helpful?, comment? }`: the comment that
 * follows a tap (and Yes changed to No), on the answer the tap recorded. Errors in the guest's words.
 */
export const guestFeedbackEditSchema = perDictionary(buildEditSchema);

function buildEditSchema(words: GuestWords) {
  const { helpful, comment } = guestFeedbackSchema(words).shape;
  // A wrong id or token of the right kind is the server's 404 (the answer cannot be changed).
  const handle = z.string({ error: words['api.unreadable'] }).max(64, words['api.unreadable']);
  return z
    .object({ id: handle, editToken: handle, helpful: helpful.optional(), comment: comment.unwrap().optional() }, { error: words['api.unreadable'] })
    .refine((edit) => edit.helpful !== undefined || edit.comment !== undefined, words['api.unreadable']);
}

/** One answer as the host reads it (GET /api/instruction/:id/insights, `feedback`). */
export interface GuestFeedback {
  _id: string;
  helpful: boolean;
  comment: string;
  /** The guest page's language. */
  language: string;
  createdAt: string;
  /** The stay whose link it came from; null from the public link or once the stay was deleted. */
  stay: { _id: string; guestName: string } | null;
}
