import { formatDate, formatDateTime } from './guest-words/formats.ts';

/**
 * Wall-clock times in a property's time zone: a stay's check-in and check-out are
 * typed as "2026-12-04T15:00" where the property is, stored as instants, and shown back there.
 * Plain Intl, no library: the runtime's own zone data is the one the browser and server agree on.
 */

/** "YYYY-MM-DDTHH:mm", the value of an `<input type="datetime-local">`. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** "YYYY-MM-DD": a stay's day given without its time. */
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-12-04" at `time` ("2026-12-04T15:00"); a value that has its time already is kept. */
export function atTime(local: string, time: string): string {
  return LOCAL_DATE.test(local) ? `${local}T${time}` : local;
}

/**
 * When a stay given by its dates alone (a calendar's all-day booking, a stay added without times)
 * begins and ends where the property is: the guidebook's usual times (`checkInTime`,
 * `checkOutTime`), else these.
 */
export const DEFAULT_CHECK_IN_TIME = '15:00';
export const DEFAULT_CHECK_OUT_TIME = '11:00';

/** Check-in and check-out times of day, "HH:MM". */
export interface StayTimes {
  checkIn: string;
  checkOut: string;
}

export const DEFAULT_STAY_TIMES: StayTimes = { checkIn: DEFAULT_CHECK_IN_TIME, checkOut: DEFAULT_CHECK_OUT_TIME };

/** The times a guidebook's stays start and end at when none are given: its own, else the defaults. */
export function stayTimesOf({ checkInTime, checkOutTime }: { checkInTime: string; checkOutTime: string }): StayTimes {
  return { checkIn: checkInTime || DEFAULT_CHECK_IN_TIME, checkOut: checkOutTime || DEFAULT_CHECK_OUT_TIME };
}

/** '' (never chosen) reads as UTC. */
export function effectiveTimeZone(zone: string): string {
  return zone || 'UTC';
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, as epoch ms of the same fields read in UTC. */
function wallClockAsUtc(instant: number, zone: string): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
}

/** Minutes `zone` is ahead of UTC at `instant` (120 for Zagreb in summer). */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  return Math.round((wallClockAsUtc(instant, zone) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `zone` reads `local`, or null for a malformed value.
 * A time skipped by a daylight-saving change reads as the hour after; a repeated one as its first.
 */
export function localToInstant(local: string, zone: string): number | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const zoneName = effectiveTimeZone(zone);
  // Two passes settle on the offset in force at the result, across a change of offset.
  let instant = asUtc - zoneOffsetMinutes(asUtc, zoneName) * 60_000;
  instant = asUtc - zoneOffsetMinutes(instant, zoneName) * 60_000;
  return instant;
}

/** The wall clock in `zone` at `instant`, as "YYYY-MM-DDTHH:mm". */
export function instantToLocal(instant: number, zone: string): string {
  return new Date(wallClockAsUtc(instant, effectiveTimeZone(zone))).toISOString().slice(0, 16);
}

/**
 * "Fri 4 Dec, 15:00" in `zone`, for the host's dashboard and mails; in `locale`, else English.
 * What a guest reads goes through guest-dates.ts (`formatGuestDateTime`), in the guest's language.
 */
export function formatStayTime(instant: number, zone: string, locale?: string): string {
  return formatDateTime(instant, effectiveTimeZone(zone), locale);
}

/** "Fri 4 Dec" in `zone`. */
export function formatStayDate(instant: number, zone: string, locale?: string): string {
  return formatDate(instant, effectiveTimeZone(zone), locale);
}
