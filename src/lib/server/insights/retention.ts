import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * Counts older than 13 months are summed into months (docs/decisions/023): a day row
 * ('YYYY-MM-DD') before the first day of the month 13 months back becomes part of its month's row
 * ('YYYY-MM') of the same guidebook and language or section. The insights read at most a year of
 * days, so a month row is history kept small. Feedback is kept until deleted; a stay's reads go
 * with the stay (the tables' cascades).
 */
export const KEEP_DAYS_MONTHS = 13;

/** 'YYYY-MM-DD' of the first day of the month `KEEP_DAYS_MONTHS` before `now`'s (UTC). */
export function rollUpBefore(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - KEEP_DAYS_MONTHS, 1)).toISOString().slice(0, 10);
}

/** One transaction: both tables' old days added to their months, then removed. Resolves with the day rows folded. */
export async function rollUpOldCounts(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const before = rollUpBefore(now);
  return db.transaction().execute(async (trx) => {
    await sql`INSERT INTO guest_views (instruction_id, language, day, views)
      SELECT instruction_id, language, substr(day, 1, 7), SUM(views) FROM guest_views WHERE length(day) = 10 AND day < ${before} GROUP BY instruction_id, language, substr(day, 1, 7)
      ON CONFLICT (instruction_id, day, language) DO UPDATE SET views = guest_views.views + excluded.views`.execute(trx);
    const views = await trx.deleteFrom('guest_views').where(sql<boolean>`length(day) = 10`).where('day', '<', before).executeTakeFirst();
    await sql`INSERT INTO guest_reads (instruction_id, section, day, reads)
      SELECT instruction_id, section, substr(day, 1, 7), SUM(reads) FROM guest_reads WHERE length(day) = 10 AND day < ${before} GROUP BY instruction_id, section, substr(day, 1, 7)
      ON CONFLICT (instruction_id, day, section) DO UPDATE SET reads = guest_reads.reads + excluded.reads`.execute(trx);
    const reads = await trx.deleteFrom('guest_reads').where(sql<boolean>`length(day) = 10`).where('day', '<', before).executeTakeFirst();
    return Number(views.numDeletedRows) + Number(reads.numDeletedRows);
  });
}
