import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * A team's model answers this month (docs/decisions/031 §12): `assistant_usage (team_id, month,
 * answers)`, `month` the UTC `YYYY-MM`. One statement takes an answer before the call, atomically on
 * both databases (the upsert's row lock on PostgreSQL, the one writer on SQLite), so questions on
 * several servers at once never pass the plan's number; a call that fails gives its answer back.
 * Not a rate rule: `rate_limits`' windows start at the first hit, not on the 1st of a month.
 */

/** The UTC month of `now`: `2026-11`. */
export function monthOf(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** Takes one of the team's `limit` answers of the month; false when they are used up (or the plan has none). */
export async function takeModelAnswer(db: Kysely<Database>, teamId: string, limit: number, now: number): Promise<boolean> {
  if (limit <= 0) return false;
  const taken = await sql<{ answers: number }>`
    INSERT INTO assistant_usage (team_id, month, answers) VALUES (${teamId}, ${monthOf(now)}, 1)
    ON CONFLICT (team_id, month) DO UPDATE SET answers = assistant_usage.answers + 1
    WHERE assistant_usage.answers < ${limit}
    RETURNING answers`.execute(db);
  return taken.rows.length > 0;
}

/** Gives back an answer taken for a call that failed: the host pays for answers guests got. */
export async function giveBackModelAnswer(db: Kysely<Database>, teamId: string, now: number): Promise<void> {
  await db
    .updateTable('assistant_usage')
    .set({ answers: sql<number>`answers - 1` })
    .where('team_id', '=', teamId)
    .where('month', '=', monthOf(now))
    .where('answers', '>', 0)
    .execute();
}

/** The team's model answers this month. */
export async function modelAnswersUsed(db: Kysely<Database>, teamId: string, now: number): Promise<number> {
  const row = await db.selectFrom('assistant_usage').select('answers').where('team_id', '=', teamId).where('month', '=', monthOf(now)).executeTakeFirst();
  return row?.answers ?? 0;
}
