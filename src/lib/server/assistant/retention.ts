import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * How long "Questions guests asked" keeps what it keeps (docs/decisions/031-guest-assistant.md
 * §13): an unanswered question 90 days; a team's model answers 13 months; the answered-question
 * counts 13 months by day, then summed into months ('YYYY-MM'), as the opens are
 * (insights/retention.ts, docs/decisions/023). One transaction, every 6 hours under the job lease.
 */
export const KEEP_QUESTION_DAYS = 90;
const KEEP_MONTHS = 13;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the first day of the month KEEP_MONTHS before `now`'s (UTC). */
function firstKeptDay(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - KEEP_MONTHS, 1)).toISOString().slice(0, 10);
}

/** Resolves with the rows removed: questions, months of usage and day rows folded into months. */
export async function questionRetention(db: Kysely<Database>, now = Date.now()): Promise<{ questions: number; usage: number; days: number }> {
  const before = firstKeptDay(now);
  return db.transaction().execute(async (trx) => {
    const questions = await trx.deleteFrom('guest_questions').where('created_at', '<', now - KEEP_QUESTION_DAYS * DAY_MS).executeTakeFirst();
    const usage = await trx.deleteFrom('assistant_usage').where('month', '<', before.slice(0, 7)).executeTakeFirst();
    await sql`INSERT INTO guest_question_counts (team_id, guidebook_id, day, language, section, kind, count)
      SELECT team_id, guidebook_id, substr(day, 1, 7), language, section, kind, SUM(count) FROM guest_question_counts WHERE length(day) = 10 AND day < ${before}
      GROUP BY team_id, guidebook_id, substr(day, 1, 7), language, section, kind
      ON CONFLICT (guidebook_id, day, language, section, kind) DO UPDATE SET count = guest_question_counts.count + excluded.count`.execute(trx);
    const days = await trx.deleteFrom('guest_question_counts').where(sql<boolean>`length(day) = 10`).where('day', '<', before).executeTakeFirst();
    return { questions: Number(questions.numDeletedRows), usage: Number(usage.numDeletedRows), days: Number(days.numDeletedRows) };
  });
}
