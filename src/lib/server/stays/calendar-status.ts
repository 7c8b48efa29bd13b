import type { InstructionCalendarsTable } from '@db/schema.ts';
import { feedChannel } from '@shared/channels.ts';
import type { CalendarStatus } from '@shared/schemas/stay.ts';
import { getRuntime } from '../platform/runtime.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toCalendarStatus(row: InstructionCalendarsTable): CalendarStatus {
  return { url: row.url, channel: feedChannel(row.url), lastAttemptAt: iso(row.last_attempt_at), lastSuccessAt: iso(row.last_success_at), lastError: row.last_error };
}

/** The calendar feed of a guidebook the caller owns (checked by the caller), or null. */
export async function getCalendarStatus({ userId, id }: { userId: string; id: string }): Promise<CalendarStatus | null> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instruction_calendars').selectAll().where('instruction_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? toCalendarStatus(row) : null;
}
