import ICAL from 'ical.js';
import { MAX_STAY_DAYS } from '@shared/stay-limits.ts';
import { DEFAULT_STAY_TIMES, type StayTimes } from '@shared/time-zone.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME, endOfDuration, instantOf, wallTimeOf, type JCalProperty } from './event-times.ts';

/**
 * Reads a booking platform's iCal export (Airbnb, Booking.com, Vrbo) into bookings. Mozilla's
 * ical.js tokenises it (line folding, escaping, parameters) into jCal; everything after that is
 * read here, in plain numbers, so that no value of a hostile feed is expanded or walked
 * (docs/decisions/014-calendar-feeds.md). The import runs this in a worker with a time and a
 * memory budget (read-calendar.ts).
 *
 * What the platforms write, and how it reads here:
 * - All-day events (`DTSTART;VALUE=DATE:20261204`, DTEND the day of departure) are the check-in and
 *   check-out days: at the guidebook's check-in and check-out times (CHECK_IN_TIME and
 *   CHECK_OUT_TIME when it has none) in its time zone.
 * - Timed events are instants: UTC (`Z`), a TZID the runtime knows (IANA), a Windows zone name
 *   (Outlook's "W. Europe Standard Time", windows-zones.ts), or floating (no zone), read in the
 *   guidebook's zone. A VTIMEZONE of the feed is never read: an unknown TZID is the guidebook's zone.
 * - Blocked dates ("Airbnb (Not available)", Vrbo's "Blocked", "Unavailable") are not stays:
 *   skipped. Booking.com writes every reservation as "CLOSED - Not available" (a host's own
 *   closures look the same): those are read as stays, since a stay too many costs nothing and a
 *   missing one hides the door code from a guest.
 * - `STATUS:CANCELLED` comes back as `cancelled`: the sync drops its stay.
 * - A recurring event is its first occurrence: booking calendars do not repeat bookings. A rule
 *   repeating more often than daily (FREQ=HOURLY and finer), anywhere, refuses the whole feed.
 */
export { CHECK_IN_TIME, CHECK_OUT_TIME };

const BLOCKED_SUMMARY = /^\s*(airbnb \(not available\)|not available|unavailable|blocked)\s*$/i;
const TOO_FREQUENT = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
const DAY = 86_400_000;

export interface CalendarBooking {
  uid: string;
  /** Epoch ms. */
  checkIn: number;
  checkOut: number;
  cancelled: boolean;
}

export interface ParsedCalendar {
  bookings: CalendarBooking[];
  /** Events read but not bookings: blocked dates, no UID, no usable dates. */
  skipped: number;
}

/** The text is not an iCal calendar (an HTML login page, a JSON error, garbage). */
export class CalendarFormatError extends Error {
  override name = 'CalendarFormatError';
}

/** The feed repeats something more often than once a day: no booking calendar does. */
export class CalendarRecurrenceError extends Error {
  override name = 'CalendarRecurrenceError';
}

/** [name, properties, subcomponents]. */
type JCalComponent = [string, JCalProperty[], JCalComponent[]];

function isComponent(value: unknown): value is JCalComponent {
  return Array.isArray(value) && typeof value[0] === 'string' && Array.isArray(value[1]) && Array.isArray(value[2]);
}

/** The first calendar of the text (a text with several parses to a list: the first is the platform's). */
function firstCalendar(parsed: unknown): JCalComponent | null {
  const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown) : parsed;
  return isComponent(first) && first[0] === 'vcalendar' ? first : null;
}

/** Throws when any RRULE or EXRULE, in any component (VTIMEZONE ones too), repeats more often than daily. */
function refuseFrequentRules(root: JCalComponent): void {
  // A loop, not recursion: a feed may nest thousands of components.
  const pending: JCalComponent[] = [root];
  for (let component = pending.pop(); component; component = pending.pop()) {
    for (const property of component[1]) {
      if (property[0] !== 'rrule' && property[0] !== 'exrule') continue;
      for (const rule of property.slice(3)) {
        const freq = typeof rule === 'object' && rule !== null ? (rule as { freq?: unknown }).freq : undefined;
        if (typeof freq === 'string' && TOO_FREQUENT.has(freq.toUpperCase())) throw new CalendarRecurrenceError(`${property[0].toUpperCase()} FREQ=${freq}`);
      }
    }
    for (const child of component[2]) if (isComponent(child)) pending.push(child);
  }
}

function propertyOf(component: JCalComponent, name: string): JCalProperty | undefined {
  return component[1].find((property) => property[0] === name);
}

function textOf(component: JCalComponent, name: string): string {
  const value = propertyOf(component, name)?.[3];
  return typeof value === 'string' ? value.trim() : '';
}

/** One VEVENT as a booking, or null when it is none (blocked, no UID, no usable dates). */
function bookingOf(vevent: JCalComponent, timeZone: string, allDay: StayTimes): CalendarBooking | null {
  const uid = textOf(vevent, 'uid');
  if (!uid || uid.length > 500) return null;
  if (BLOCKED_SUMMARY.test(textOf(vevent, 'summary'))) return null;
  const start = wallTimeOf(propertyOf(vevent, 'dtstart'));
  if (!start) return null;
  const checkIn = instantOf(start, allDay.checkIn, timeZone);
  const endProperty = propertyOf(vevent, 'dtend');
  const duration = propertyOf(vevent, 'duration')?.[3];
  let checkOut: number | null;
  if (endProperty) {
    const end = wallTimeOf(endProperty);
    checkOut = end ? instantOf(end, allDay.checkOut, timeZone) : null;
  } else if (duration !== undefined) {
    checkOut = endOfDuration(start, duration, timeZone, allDay.checkOut);
  } else {
    // No end: a date lasts one day (RFC 5545 3.6.1), so one night; a date-time ends as it starts (no stay).
    checkOut = start.date ? endOfDuration(start, 'P1D', timeZone, allDay.checkOut) : checkIn;
  }
  if (checkIn === null || checkOut === null || checkOut <= checkIn || checkOut - checkIn > MAX_STAY_DAYS * DAY) return null;
  return { uid, checkIn, checkOut, cancelled: textOf(vevent, 'status').toUpperCase() === 'CANCELLED' };
}

/**
 * The bookings of an iCal feed, one per UID (a RECURRENCE-ID override shares its series' UID: the
 * series' own event wins). Throws CalendarFormatError when the text is not a calendar, and
 * CalendarRecurrenceError when it repeats anything more often than daily.
 */
export function parseCalendar(feed: string, timeZone: string, allDay: StayTimes = DEFAULT_STAY_TIMES): ParsedCalendar {
  const text = feed.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(text)) throw new CalendarFormatError('no BEGIN:VCALENDAR');
  let root: JCalComponent | null;
  try {
    root = firstCalendar(ICAL.parse(text));
  } catch (error) {
    throw new CalendarFormatError(error instanceof Error ? error.message : String(error));
  }
  if (!root) throw new CalendarFormatError('the text holds no VCALENDAR');
  refuseFrequentRules(root);
  const byUid = new Map<string, { booking: CalendarBooking; override: boolean }>();
  let skipped = 0;
  // Only the calendar's own events: VTIMEZONE and anything else is never read.
  for (const vevent of root[2]) {
    if (!isComponent(vevent) || vevent[0] !== 'vevent') continue;
    let booking: CalendarBooking | null;
    try {
      booking = bookingOf(vevent, timeZone, allDay);
    } catch {
      // One malformed value spoils its event, not the feed.
      booking = null;
    }
    if (!booking) {
      skipped += 1;
      continue;
    }
    const override = propertyOf(vevent, 'recurrence-id') !== undefined;
    const seen = byUid.get(booking.uid);
    if (!seen || (seen.override && !override)) byUid.set(booking.uid, { booking, override });
    else skipped += 1;
  }
  return { bookings: [...byUid.values()].map((entry) => entry.booking), skipped };
}
