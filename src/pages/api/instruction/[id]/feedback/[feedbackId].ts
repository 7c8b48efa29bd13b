import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { deleteGuestFeedback } from '@server/insights/guest-feedback.ts';
import { messages } from '@shared/messages.ts';

/** DELETE /api/instruction/:id/feedback/:feedbackId (owner only, 404 otherwise) → `{ message }`: a guest's answer removed for good. */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'feedback.delete', context.params.id ?? '');
  await deleteGuestFeedback({ access, id: context.params.id ?? '', feedbackId: context.params.feedbackId ?? '' });
  return json({ message: messages.guestFeedback.deleted });
});
