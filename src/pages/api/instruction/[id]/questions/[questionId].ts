import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { deleteGuestQuestion } from '@server/assistant/question-list.ts';
import { findTeamGuidebook } from '@server/guidebook/find-team-guidebook.ts';
import { handle, json } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { messages } from '@shared/messages.ts';

/**
 * DELETE /api/instruction/:id/questions/:questionId (`questions.delete`: Owner, Admin, granted
 * Editor) → `{ message }`: a question guests asked that the guidebook could not answer, removed
 * from the insights for good. 404 for another guidebook's or team's (docs/decisions/031 §13).
 */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  await authorize(access, 'questions.delete', id);
  const guidebook = await findTeamGuidebook({ access, id });
  const { db } = await getRuntime();
  await deleteGuestQuestion(db, { teamId: access.teamId, guidebookId: guidebook.id, questionId: context.params.questionId ?? '' });
  return json({ message: messages.guestQuestions.deleted });
});
