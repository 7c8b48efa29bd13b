import type { InstructionCalendarsTable } from '@db/schema.ts';
import { feedChannel } from '@shared/channels.ts';
import type { CalendarStatus } from '@shared/schemas/stay.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { calendarFor } from '../guidebook/for-access.ts';
import { getRuntime } from '../platform/runtime.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toCalendarStatus(row: InstructionCalendarsTable): CalendarStatus {
  return { url: row.url, channel: feedChannel(row.url), lastAttemptAt: iso(row.last_attempt_at), lastSuccessAt: iso(row.last_success_at), lastError: row.last_error };
}

/** The calendar feed of a guidebook of the caller's team (checked by the caller) as the member may read it, or null. */
export async function getCalendarStatus({ access, id }: { access: TeamAccess; id: string }): Promise<CalendarStatus | null> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', id).where('team_id', '=', access.teamId).executeTakeFirst();
  return calendarFor(access, row ? toCalendarStatus(row) : null);
}
