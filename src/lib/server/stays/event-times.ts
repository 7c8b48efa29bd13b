import { MAX_STAY_DAYS } from '@shared/stay-limits.ts';
import { DEFAULT_CHECK_IN_TIME, DEFAULT_CHECK_OUT_TIME, localToInstant } from '@shared/time-zone.ts';
import { ianaOfWindowsZone } from './windows-zones.ts';

/**
 * The check-in and check-out of one calendar event, computed here in plain numbers: ical.js only
 * tokenises the feed. Its own date arithmetic walks a hostile value step by step (a DURATION of
 * P99999999D normalises month by month, a VTIMEZONE's RRULE is expanded from 1601 to the event),
 * so none of it runs (docs/decisions/014-calendar-feeds.md).
 */

/** When an all-day booking begins and ends where the property is, unless its guidebook says (time-zone.ts). */
export const CHECK_IN_TIME = DEFAULT_CHECK_IN_TIME;
export const CHECK_OUT_TIME = DEFAULT_CHECK_OUT_TIME;

/** Years a booking may name; anything else is a typing mistake or an attack, never a stay. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2200;
const DAY = 86_400_000;

/** A DTSTART or DTEND as jCal carries it: [name, params, type, value]. */
export type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];

/** A date or date-time as written: a wall clock, in UTC when `utc`. */
interface WallTime {
  /** Epoch ms of the wall clock's fields read as UTC (midnight for a date). */
  fields: number;
  date: boolean;
  utc: boolean;
  /** The zone a zoned date-time names (IANA), or null: the guidebook's. */
  zone: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/;
/** `DTSTART:20301204` without VALUE=DATE, which some exporters write: ical.js leaves "2030-12-04T::". */
const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})T::$/;
/** RFC 5545 3.3.6, with at most 9 digits a number: anything longer is no stay anyway. */
const DURATION = /^([+-])?P(?:(\d{1,9})W)?(?:(\d{1,9})D)?(?:T(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9})S)?)?$/;

const knownZones = new Map<string, boolean>();

/** True for a zone name Intl can convert in (IANA names, as Airbnb and Vrbo write them). */
export function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(zone, known);
  }
  return known;
}

/** A TZID as a zone Intl knows: an IANA name, or Outlook's Windows name mapped; null for any other (the guidebook's then). */
export function zoneOfTzid(tzid: unknown): string | null {
  if (typeof tzid !== 'string' || tzid === '' || tzid.length > 100) return null;
  if (isKnownZone(tzid)) return tzid;
  return ianaOfWindowsZone(tzid) ?? null;
}

/** The fields as epoch ms, or null when they name no real moment in the years allowed. */
function fieldsOf(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number | null {
  if (year < FIRST_YEAR || year > LAST_YEAR || hour > 23 || minute > 59 || second > 60) return null;
  const fields = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  const check = new Date(fields);
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? fields : null;
}

export function wallTimeOf(property: JCalProperty | undefined): WallTime | null {
  const value = property?.[3];
  if (typeof value !== 'string') return null;
  const zone = zoneOfTzid(property![1].tzid);
  const date = property![2] === 'date' ? DATE.exec(value) : BARE_DATE.exec(value);
  if (date) {
    const fields = fieldsOf(Number(date[1]), Number(date[2]), Number(date[3]));
    return fields === null ? null : { fields, date: true, utc: false, zone };
  }
  const time = property![2] === 'date-time' ? DATE_TIME.exec(value) : null;
  if (!time) return null;
  const [year, month, day, hour, minute, second] = time.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const fields = fieldsOf(year, month, day, hour, minute, second);
  return fields === null ? null : { fields, date: false, utc: time[7] === 'Z', zone };
}

/**
 * localToInstant asks Intl twice (about 20 µs); a feed names the same few hundred check-in and
 * check-out times again and again, so each is worked out once (a worker reads one feed and ends).
 */
const instants = new Map<string, number | null>();

/** The instant the wall clock `fields` (a date's at `allDayTime`) names in `zone`. */
function zonedInstant(fields: number, allDayTime: string | null, zone: string): number | null {
  const key = `${zone} ${fields} ${allDayTime ?? ''}`;
  let at = instants.get(key);
  if (at === undefined) {
    const local = new Date(fields).toISOString();
    at = localToInstant(allDayTime ? `${local.slice(0, 10)}T${allDayTime}` : local.slice(0, 16), zone);
    if (instants.size >= 50_000) instants.clear();
    instants.set(key, at);
  }
  return at;
}

/** The instant of a wall time: a date at `allDayTime` in the guidebook's zone, a floating or unknown zone's time in it too. */
export function instantOf(time: WallTime, allDayTime: string, timeZone: string): number | null {
  if (time.date) return zonedInstant(time.fields, allDayTime, timeZone);
  if (time.utc) return time.fields;
  const at = zonedInstant(time.fields - (time.fields % 60_000), null, time.zone ?? timeZone);
  return at === null ? null : at + (time.fields % 60_000);
}

/**
 * The end of an event given by DTSTART and DURATION (no DTEND), or null: weeks and days are
 * calendar days on the start's wall clock (RFC 5545 3.3.6: a day across a change to summer time
 * is 23 hours), hours, minutes and seconds exact. A date's duration counts whole days only.
 */
export function endOfDuration(start: WallTime, duration: unknown, timeZone: string, checkOutTime = CHECK_OUT_TIME): number | null {
  const match = typeof duration === 'string' ? DURATION.exec(duration.trim()) : null;
  if (!match || match[1] === '-') return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(2, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  const calendarDays = weeks * 7 + days;
  if (calendarDays > MAX_STAY_DAYS + 1) return null;
  const exact = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  if (exact > (MAX_STAY_DAYS + 1) * DAY) return null;
  const end: WallTime = { ...start, fields: start.fields + calendarDays * DAY };
  if (new Date(end.fields).getUTCFullYear() > LAST_YEAR) return null;
  const endOfDays = instantOf(end, checkOutTime, timeZone);
  return start.date || endOfDays === null ? endOfDays : endOfDays + exact;
}
