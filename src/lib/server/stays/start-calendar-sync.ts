import type { JobLease } from '../platform/cluster/job-lease.ts';
import { startRecurringTurns } from '../platform/recurring-turns.ts';
import { stopCalendarReads } from './read-calendar.ts';
import { CALENDAR_SYNC_INTERVAL_MS, syncCalendar, type CalendarSyncDeps } from './sync-calendar.ts';

/**
 * The background calendar sync (docs/decisions/014-calendar-feeds.md): each calendar is read every 30 minutes
 * (`next_sync_at`). A turn every minute takes the calendars that are due, a few at a time, on one
 * server of several (cluster/job-lease.ts). Each is claimed (its `next_sync_at` moved on) before
 * it is fetched, so a feed that fails, or a server that dies mid-turn, cannot make a turn spin.
 */
export const CALENDAR_TURN_MS = 60_000;
/** Fetches at once: each may take the fetch's 5 s; a few keep a turn short without hammering anyone. */
const AT_ONCE = 4;
/** A turn's ceiling; the rest waits for the next turn. */
const PER_TURN = 60;

export interface CalendarSync {
  /** One turn now; resolves with the number of calendars read. */
  run(): Promise<number>;
  stop(): Promise<void>;
}

export function startCalendarSync(deps: CalendarSyncDeps & { jobs: JobLease }): CalendarSync {
  const { db, log, jobs } = deps;

  const syncDue = async (): Promise<number> => {
    let done = 0;
    while (!turns.stopped && done < PER_TURN) {
      const now = Date.now();
      const due = await db.selectFrom('instruction_calendars').selectAll().where('next_sync_at', '<=', now).orderBy('next_sync_at').limit(AT_ONCE).execute();
      if (due.length === 0) break;
      await db
        .updateTable('instruction_calendars')
        .set({ next_sync_at: now + CALENDAR_SYNC_INTERVAL_MS })
        .where('instruction_id', 'in', due.map((row) => row.instruction_id))
        .execute();
      await Promise.all(
        due.map((calendar) =>
          syncCalendar(deps, calendar).catch((error: unknown) => log.warn({ err: error, instructionId: calendar.instruction_id }, 'calendar: sync failed, will retry')),
        ),
      );
      done += due.length;
    }
    return done;
  };

  const turns = startRecurringTurns(CALENDAR_TURN_MS, () =>
    jobs
      .run('calendar-sync', syncDue)
      .then((turn) => (turn.ran ? turn.result : 0))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'calendar: sync turn failed, will retry');
        return 0;
      }),
  );

  return {
    run: turns.run,
    async stop() {
      await turns.stop();
      // A save or "Sync now" still reading at shutdown: no worker outlives the server.
      await stopCalendarReads();
    },
  };
}
