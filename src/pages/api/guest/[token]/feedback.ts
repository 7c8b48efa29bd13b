import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { editGuestFeedback, submitGuestFeedback } from '@server/insights/guest-feedback.ts';
import type { GuestFeedbackReceipt } from '@shared/guest-feedback.ts';
import { guestFeedbackEditSchema, guestFeedbackSchema } from '@shared/schemas/guest-feedback.ts';

/**
 * POST /api/guest/:token/feedback `{ helpful, comment? }` (public; a guidebook or stay token) →
 * 201 `{ message, id, editToken }`: the guest's answer to "Was this guidebook helpful?", for the
 * host's insights and daily mail, recorded on the tap. 400 for a bad field, 404/410 for a dead
 * link, 429 past the limits; every `message` in the language of `Accept-Language`
 * (server/http/guest-language.ts).
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const input = await readBody(context.request, guestFeedbackSchema(words));
  const { id, editToken } = await submitGuestFeedback({ token: context.params.token ?? '', ...input, ip: clientAddress(context), words });
  return json({ message: words['api.feedbackSent'], id, editToken } satisfies GuestFeedbackReceipt, 201);
});

/**
 * PATCH /api/guest/:token/feedback `{ id, editToken, helpful?, comment? }` (public) → 200
 * `{ message }`: the comment that follows the tap, on the answer the tap recorded; not counted
 * against the answers' limits. 404 when that answer can no longer be changed by this guest.
 */
export const PATCH = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const input = await readBody(context.request, guestFeedbackEditSchema(words));
  await editGuestFeedback({ token: context.params.token ?? '', ...input, words });
  return json({ message: words['api.feedbackSent'] });
});
