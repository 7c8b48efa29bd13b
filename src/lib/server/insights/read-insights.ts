import { sql } from 'kysely';
import { AppError } from '../http/app-error.ts';
import { readQuestionInsights } from '../assistant/question-list.ts';
import { flushQuestionCounts } from '../assistant/questions.ts';
import type { TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { GUEST_SECTIONS, type GuestSection, type Insights } from '@shared/insights.ts';
import { messages } from '@shared/messages.ts';
import { sectionsReadBy } from './stay-reads.ts';
import { listGuestFeedback } from './guest-feedback.ts';
import { guestPageSections } from './guest-sections.ts';
import { flushViewCounts } from './view-counts.ts';

/** The longest look back, in days: a year, leap day included. */
export const MAX_INSIGHT_DAYS = 366;
const DAY_MS = 86_400_000;
/** Stays listed: the most recent and upcoming ones a host looks at. */
const MAX_STAYS = 100;

/** `?days=`: 30 when absent, else a whole number from 1 to MAX_INSIGHT_DAYS (400 otherwise). */
export function readInsightDays(params: URLSearchParams): number {
  const raw = params.get('days');
  if (raw === null) return 30;
  const days = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= MAX_INSIGHT_DAYS)) throw new AppError('BAD_REQUEST', messages.insights.daysInvalid(MAX_INSIGHT_DAYS));
  return days;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * How guests used one guidebook over the last `days` days (docs/product/insights.md), for its
 * owner only (404 otherwise). This server's counts not written yet are written first, so the host
 * sees the opens (and the questions answered) of a moment ago; other servers' arrive within their next flush.
 */
export async function readInsights({ access, id }: { access: TeamScope; id: string }, days: number, now = Date.now()): Promise<Insights> {
  const instruction = await findTeamGuidebook({ access, id });
  const { db } = await getRuntime();
  await flushViewCounts(db);
  await flushQuestionCounts(db);
  const first = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()) - (days - 1) * DAY_MS;
  const from = isoDay(first);
  const views = sql<number>`CAST(SUM(views) AS BIGINT)`;
  const [byDay, byLanguage, bySection, stays, feedback, questions] = await Promise.all([
    db.selectFrom('guest_views').select(['day', views.as('views')]).where('instruction_id', '=', instruction.id).where('day', '>=', from).groupBy('day').execute(),
    db.selectFrom('guest_views').select(['language', views.as('views')]).where('instruction_id', '=', instruction.id).where('day', '>=', from).groupBy('language').execute(),
    db.selectFrom('guest_reads').select(['section', sql<number>`CAST(SUM(reads) AS BIGINT)`.as('reads')]).where('instruction_id', '=', instruction.id).where('day', '>=', from).groupBy('section').execute(),
    db
      .selectFrom('stays')
      .select(['id', 'guest_name', 'check_in', 'check_out', 'first_opened_at', 'last_opened_at', 'open_count', 'reminder_sent_at'])
      .where('instruction_id', '=', instruction.id)
      .where('check_out', '>=', first)
      .orderBy('check_in', 'desc')
      .limit(MAX_STAYS)
      .execute(),
    listGuestFeedback(instruction.id, first),
    readQuestionInsights(db, instruction.id, from, instruction.team_id, now),
  ]);
  const readBy = await sectionsReadBy(db, stays.map((stay) => stay.id));
  const sectionReads = new Map(bySection.map((row) => [row.section, Number(row.reads)]));
  const shown = new Set(guestPageSections(parseStoredContent(instruction.data), { stays: stays.length > 0 }));
  const counted = new Map(byDay.map((row) => [row.day, Number(row.views)]));
  const range = Array.from({ length: days }, (_, index) => isoDay(first + index * DAY_MS));
  const series = range.map((date) => ({ date, views: counted.get(date) ?? 0 }));
  return {
    days: series,
    total: series.reduce((sum, day) => sum + day.views, 0),
    languages: byLanguage.map((row) => ({ language: row.language, views: Number(row.views) })).sort((a, b) => b.views - a.views || a.language.localeCompare(b.language)),
    // The sections the page shows, and any other guests read in the range (one removed since);
    // a stable sort: sections read equally keep the page's order.
    sections: GUEST_SECTIONS.filter((section) => shown.has(section) || (sectionReads.get(section) ?? 0) > 0)
      .map((section) => ({ section, reads: sectionReads.get(section) ?? 0 }))
      .sort((a, b) => b.reads - a.reads),
    stays: stays.map((stay) => ({
      _id: stay.id,
      guestName: stay.guest_name,
      checkIn: new Date(stay.check_in).toISOString(),
      checkOut: new Date(stay.check_out).toISOString(),
      firstOpenedAt: isoTime(stay.first_opened_at),
      lastOpenedAt: isoTime(stay.last_opened_at),
      reminderSentAt: isoTime(stay.reminder_sent_at),
      views: stay.open_count,
      read: Object.fromEntries(GUEST_SECTIONS.map((section) => [section, readBy.get(stay.id)?.includes(section) ?? false])) as Record<GuestSection, boolean>,
    })),
    feedback,
    questions,
  };
}
