import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { isAskSection, type QuestionInsights } from '@shared/insights.ts';
import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';

/** Unanswered questions listed in the insights: the newest a host reads on one screen. */
const MAX_LISTED = 100;

/**
 * "Questions guests asked" of one guidebook since `from` ('YYYY-MM-DD', UTC) for the insights
 * (docs/decisions/031-guest-assistant.md §13): the answered questions per section, most first, and
 * the unanswered ones, newest first. The caller has checked the guidebook is the team's and written
 * this server's pending counts. `modelAnswers` stays null until the model (slice 5).
 */
export async function readQuestionInsights(db: Kysely<Database>, guidebookId: string, from: string): Promise<QuestionInsights> {
  const [bySection, unanswered] = await Promise.all([
    db
      .selectFrom('guest_question_counts')
      .select(['section', sql<number>`CAST(SUM(count) AS BIGINT)`.as('answered')])
      .where('guidebook_id', '=', guidebookId)
      .where('day', '>=', from)
      .groupBy('section')
      .execute(),
    db
      .selectFrom('guest_questions')
      .select(['id', 'question', 'language', 'day', 'suggested_section'])
      .where('guidebook_id', '=', guidebookId)
      .where('day', '>=', from)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_LISTED)
      .execute(),
  ]);
  return {
    sections: bySection
      .flatMap((row) => (isAskSection(row.section) ? [{ section: row.section, answered: Number(row.answered) }] : []))
      .sort((a, b) => b.answered - a.answered || a.section.localeCompare(b.section)),
    unanswered: unanswered.map((row) => ({
      _id: row.id,
      question: row.question,
      language: row.language,
      day: row.day,
      suggestedSection: isAskSection(row.suggested_section) ? row.suggested_section : null,
    })),
    modelAnswers: null,
  };
}

/** DELETE /api/instruction/:id/questions/:questionId: the guidebook's and the team's question, else 404. */
export async function deleteGuestQuestion(db: Kysely<Database>, { teamId, guidebookId, questionId }: { teamId: string; guidebookId: string; questionId: string }): Promise<void> {
  const deleted = await db.deleteFrom('guest_questions').where('id', '=', questionId).where('guidebook_id', '=', guidebookId).where('team_id', '=', teamId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', messages.guestQuestions.notFound);
}
