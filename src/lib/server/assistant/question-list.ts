import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { isAskSection, type QuestionInsights } from '@shared/insights.ts';
import { messages } from '@shared/messages.ts';
import { assistantAnswersPerMonth } from '@shared/plans.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { modelAnswersUsed } from './quota.ts';

/** Unanswered questions listed in the insights: the newest a host reads on one screen. */
const MAX_LISTED = 100;

/**
 * "Questions guests asked" of one guidebook since `from` ('YYYY-MM-DD', UTC) for the insights
 * (docs/decisions/031-guest-assistant.md §13): the answered questions per section, most first, and
 * the unanswered ones, newest first. The caller has checked the guidebook is the team's and written
 * this server's pending counts. `modelAnswers`: the team's model answers this month ("Model
 * answers this month: N of M"), null without a model or on a plan without model answers.
 */
export async function readQuestionInsights(db: Kysely<Database>, guidebookId: string, from: string, teamId: string, now = Date.now()): Promise<QuestionInsights> {
  const [bySection, unanswered, modelAnswers] = await Promise.all([
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
    modelAnswersOf(db, teamId, now),
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
    modelAnswers,
  };
}

/** The team's model answers this month and its plan's number, or null (no model, or none on the plan). */
async function modelAnswersOf(db: Kysely<Database>, teamId: string, now: number): Promise<QuestionInsights['modelAnswers']> {
  const { config } = await getRuntime();
  if (!config.assistant) return null;
  const limit = assistantAnswersPerMonth[await getTeamPlan(teamId)];
  return limit > 0 ? { used: await modelAnswersUsed(db, teamId, now), limit } : null;
}

/** DELETE /api/instruction/:id/questions/:questionId: the guidebook's and the team's question, else 404. */
export async function deleteGuestQuestion(db: Kysely<Database>, { teamId, guidebookId, questionId }: { teamId: string; guidebookId: string; questionId: string }): Promise<void> {
  const deleted = await db.deleteFrom('guest_questions').where('id', '=', questionId).where('guidebook_id', '=', guidebookId).where('team_id', '=', teamId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', messages.guestQuestions.notFound);
}
