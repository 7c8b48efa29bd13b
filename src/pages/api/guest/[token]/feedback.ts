import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { submitGuestFeedback } from '@server/insights/guest-feedback.ts';
import { guestFeedbackSchema } from '@shared/schemas/guest-feedback.ts';

/**
 * POST /api/guest/:token/feedback `{ helpful, comment? }` (public; a guidebook or stay token) →
 * 201 `{ message }`: the guest's answer to "Was this guidebook helpful?", for the host's insights
 * and daily mail. 400 for a bad field, 404/410 for a dead link, 429 past the limits; every
 * `message` in the language of `Accept-Language` (server/http/guest-language.ts).
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const input = await readBody(context.request, guestFeedbackSchema(words));
  await submitGuestFeedback({ token: context.params.token ?? '', ...input, ip: clientAddress(context), words });
  return json({ message: words['api.feedbackSent'] }, 201);
});
