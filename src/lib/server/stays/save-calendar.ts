import type { InstructionCalendarsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { CalendarStatus } from '@shared/schemas/stay.ts';
import { stayTimesOf } from '@shared/time-zone.ts';
import { AppError } from '../http/app-error.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { toCalendarStatus } from './calendar-status.ts';
import { checkCalendarUrl, fetchCalendar, type CalendarFetch } from './fetch-calendar.ts';
import type { Owned } from './owned-stay.ts';
import { afterSync, CALENDAR_SYNC_INTERVAL_MS, lockCalendar, logSync, syncCalendar, writeSyncOutcome } from './sync-calendar.ts';

export interface CalendarAnswer {
  message: string;
  calendar: CalendarStatus | null;
}

/**
 * PUT /api/instruction/:id/calendar `{ url }`: saves the feed and syncs it at once, answering with
 * the first sync's result. A link that may never be fetched (an address of ours or of the
 * network's: docs/security.md 32) is refused with 400 and not saved; a feed that fails now (down, 404,
 * not iCal yet) is saved with `lastError` set and tried again every 30 minutes: the platform may
 * be having a bad minute, and the host should not have to come back to paste it again.
 *
 * '' removes the calendar. Its stays stay, as stays of the host's own (their links keep working,
 * their dates become the host's to change), so removing a feed never strands a guest.
 */
export async function saveCalendar(scope: Owned, url: string): Promise<CalendarAnswer> {
  const guidebook = await findTeamGuidebook(scope);
  const { db, dialect, log, config } = await getRuntime();
  if (url === '') {
    await db.transaction().execute(async (trx) => {
      await lockCalendar(trx, dialect, scope.id);
      await trx.deleteFrom('instruction_calendars').where('instruction_id', '=', scope.id).execute();
      await trx.updateTable('stays').set({ calendar_uid: null, updated_at: Date.now() }).where('instruction_id', '=', scope.id).where('calendar_uid', 'is not', null).execute();
    });
    log.info({ teamId: scope.access.teamId, instructionId: scope.id }, 'calendar: removed');
    return { message: messages.stays.calendarRemoved, calendar: null };
  }
  checkCalendarUrl(url, config);
  // Each save fetches the feed: a host saves a link a few times, never hundreds.
  await consumeRateLimits([rateRules.calendarFetchUser(scope.access.teamId)], Date.now(), messages.stays.tooManySyncs);
  const content = parseStoredContent(guidebook.data);
  const outcome = await fetchCalendar(url, content.timeZone, config, log, stayTimesOf(content));
  if (!outcome.ok && outcome.refused) throw new AppError('BAD_REQUEST', messages.stays.calendarRefused, { cause: outcome.cause });
  const now = Date.now();
  const { row, changes, after } = await db.transaction().execute(async (trx) => {
    const before = await lockCalendar(trx, dialect, scope.id);
    const saved: InstructionCalendarsTable = {
      instruction_id: scope.id,
      user_id: scope.access.userId,
      team_id: guidebook.team_id,
      url,
      last_attempt_at: before?.last_attempt_at ?? null,
      // The last good sync was of another feed: it says nothing of this one.
      last_success_at: before?.url === url ? before.last_success_at : null,
      last_error: null,
      next_sync_at: now + CALENDAR_SYNC_INTERVAL_MS,
      created_at: before?.created_at ?? now,
      updated_at: now,
    };
    if (before) await trx.updateTable('instruction_calendars').set(saved).where('instruction_id', '=', scope.id).execute();
    else await trx.insertInto('instruction_calendars').values(saved).execute();
    return writeSyncOutcome(trx, saved, outcome, content.timeZone, now);
  });
  logSync(log, row, outcome, changes);
  await afterSync({ db, log }, after);
  const leftOut = leftOutOf(outcome);
  const message = !outcome.ok ? messages.stays.calendarSavedNotSynced(outcome.error) : leftOut ? messages.stays.calendarSavedLeftOut(leftOut.imported, leftOut.leftOut) : messages.stays.calendarSaved;
  return { message, calendar: toCalendarStatus(row) };
}

/** POST /api/instruction/:id/calendar: syncs now; 404 without a calendar. */
export async function syncCalendarNow(scope: Owned): Promise<CalendarAnswer> {
  await findTeamGuidebook(scope);
  const { db, dialect, log, config } = await getRuntime();
  const calendar = await db.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', scope.id).where('team_id', '=', scope.access.teamId).executeTakeFirst();
  if (!calendar) throw new AppError('NOT_FOUND', messages.stays.noCalendar);
  await consumeRateLimits([rateRules.calendarFetchUser(scope.access.teamId)], Date.now(), messages.stays.tooManySyncs);
  const synced = await syncCalendar({ db, dialect, log, config }, calendar);
  // Removed or replaced meanwhile (another tab): answer what is there now.
  const current = synced?.row ?? (await db.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', scope.id).executeTakeFirst());
  if (!current) throw new AppError('NOT_FOUND', messages.stays.noCalendar);
  const leftOut = synced ? leftOutOf(synced.outcome) : null;
  const message =
    current.last_error !== null ? messages.stays.calendarSyncFailed(current.last_error) : leftOut ? messages.stays.calendarSyncedLeftOut(leftOut.imported, leftOut.leftOut) : messages.stays.calendarSynced;
  return { message, calendar: toCalendarStatus(current) };
}

/** How many bookings a good read imported and left out, when it left some out (select-bookings.ts). */
function leftOutOf(outcome: CalendarFetch): { imported: number; leftOut: number } | null {
  return outcome.ok && outcome.calendar.leftOut > 0 ? { imported: outcome.calendar.imported, leftOut: outcome.calendar.leftOut } : null;
}
