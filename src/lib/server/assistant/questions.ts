import { nanoid } from 'nanoid';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { isAskSection, type AskInsightSection } from '@shared/insights.ts';
import type { Logger } from '../platform/logger.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { startFlushTurns, type FlushTurns } from '../platform/recurring-turns.ts';

/**
 * "Questions guests asked" (docs/decisions/031-guest-assistant.md §13). An answered question is a
 * number in this server's memory, per guidebook, UTC day, page language, section and kind, written
 * every QUESTION_FLUSH_MS and when the server stops, added to what is there, as the guest page's
 * opens are (docs/decisions/023-guest-view-counts.md): several servers' counts add up, no lease.
 * An unanswered question (handed over to the host) is one row, masked, with nothing of who asked.
 */

/** Counts wait at most this long in memory; a crash loses at most these seconds of counts. */
export const QUESTION_FLUSH_MS = 5_000;

/** Keys held at most between two flushes (guidebooks × languages × sections × kinds of one server's 5 s). */
const MAX_PENDING = 20_000;

/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

export type AnswerKind = 'passages' | 'model' | 'secret';

/** One server's answered questions not written yet: `guidebookId \n day \n language \n section \n kind` → count. */
export interface QuestionCounts {
  pending: Map<string, number>;
}

/** A server's memory of counts. The process has one (below); a test makes a second to stand for another server. */
export function questionCounts(): QuestionCounts {
  return { pending: new Map() };
}

const state = processSingleton('guest-question-counts', () => ({ counts: questionCounts() }));

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** An answered question, counted in memory and written every 5 s (decision 023's way). A section outside ASK_SECTIONS is not counted. */
export function countAnswered(entry: { teamId: string; guidebookId: string; language: string; section: AskInsightSection; kind: AnswerKind }, now = Date.now(), counts = state.counts): void {
  if (!isAskSection(entry.section)) return;
  const key = [entry.guidebookId, dayOf(now), entry.language, entry.section, entry.kind].join('\n');
  const before = counts.pending.get(key);
  if (before !== undefined) counts.pending.set(key, before + 1);
  else if (counts.pending.size < MAX_PENDING) counts.pending.set(key, 1);
}

/**
 * Adds the counts gathered since the last flush to the database in one transaction and forgets
 * them; a failed write keeps them for the next flush. Counts of a guidebook deleted since are
 * dropped; the team is the guidebook's as it is now. Resolves with the questions written.
 */
export async function flushQuestionCounts(db: Kysely<Database>, counts = state.counts): Promise<number> {
  const taken = counts.pending;
  if (taken.size === 0) return 0;
  counts.pending = new Map();
  try {
    return await db.transaction().execute(async (trx) => {
      const rows = [...taken].map(([key, count]) => {
        const [guidebook_id = '', day = '', language = '', section = '', kind = 'passages'] = key.split('\n');
        return { guidebook_id, day, language, section, kind: kind as AnswerKind, count };
      });
      const teams = new Map<string, string>();
      const ids = [...new Set(rows.map((row) => row.guidebook_id))];
      for (let i = 0; i < ids.length; i += CHUNK) {
        for (const row of await trx.selectFrom('instructions').select(['id', 'team_id']).where('id', 'in', ids.slice(i, i + CHUNK)).execute()) teams.set(row.id, row.team_id);
      }
      const values = rows.flatMap((row) => {
        const team_id = teams.get(row.guidebook_id);
        return team_id ? [{ team_id, ...row }] : [];
      });
      for (let i = 0; i < values.length; i += CHUNK) {
        await trx
          .insertInto('guest_question_counts')
          .values(values.slice(i, i + CHUNK))
          .onConflict((conflict) => conflict.columns(['guidebook_id', 'day', 'language', 'section', 'kind']).doUpdateSet({ count: sql`guest_question_counts.count + excluded.count` }))
          .execute();
      }
      return values.reduce((sum, row) => sum + row.count, 0);
    });
  } catch (error) {
    for (const [key, count] of taken) counts.pending.set(key, (counts.pending.get(key) ?? 0) + count);
    throw error;
  }
}

/** Every server writes its own counts every QUESTION_FLUSH_MS, and once more when it stops. */
export function startQuestionCounting({ db, log }: { db: Kysely<Database>; log: Logger }, counts = state.counts): FlushTurns {
  return startFlushTurns(QUESTION_FLUSH_MS, () =>
    flushQuestionCounts(db, counts).catch((error: unknown) => {
      log.warn({ err: error }, 'questions: could not write the answered-question counts, kept for the next try');
      return 0;
    }),
  );
}

/** A question is kept at most this long (characters), after masking. */
const MAX_QUESTION = 300;

/**
 * What a guest typed, without what would say who they are: e-mail addresses, and runs of 6 or more
 * digits, counted across the spaces, dots, dashes, slashes and brackets a phone number or an
 * account number is written with ("+49 170 1234567", "091-555-0199"), become "…".
 */
export function maskQuestion(question: string): string {
  return question
    .replace(/[^\s@(<"']+@[^\s@?!,;:()<>"']*[^\s@?!,;:()<>"'.]/g, '…')
    .replace(/\+?\d(?:[\s.\-/()]{0,2}\d){5,}/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUESTION);
}

/**
 * An unanswered (handed-over) question: one row, masked (maskQuestion), with the UTC day the host
 * sees; no address, user agent, stay or name (a stay would name the guest through its card).
 */
export async function recordUnanswered(db: Kysely<Database>, entry: { teamId: string; guidebookId: string; language: string; question: string; suggestedSection: AskInsightSection | null }, now = Date.now()): Promise<void> {
  const question = maskQuestion(entry.question);
  if (question === '') return;
  await db
    .insertInto('guest_questions')
    .values({
      id: nanoid(),
      team_id: entry.teamId,
      guidebook_id: entry.guidebookId,
      language: entry.language,
      question,
      day: dayOf(now),
      suggested_section: isAskSection(entry.suggestedSection) ? entry.suggestedSection : null,
      created_at: now,
    })
    .execute();
}
