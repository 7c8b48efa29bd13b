import ICAL from 'ical.js';
import { MAX_STAY_DAYS } from '@shared/schemas/stay.ts';
import { localToInstant } from '@shared/time-zone.ts';

/**
 * Reads a booking platform's iCal export (Airbnb, Booking.com, Vrbo) into bookings, with Mozilla's
 * ical.js doing the RFC 5545 parsing (line folding, escaping, parameters, VTIMEZONE).
 *
 * What the platforms write, and how it reads here:
 * - All-day events (`DTSTART;VALUE=DATE:20261204`, DTEND the day of departure) are the check-in and
 *   check-out days: at CHECK_IN_TIME and CHECK_OUT_TIME in the guidebook's time zone.
 * - Timed events are instants: UTC (`Z`), a TZID the runtime knows (IANA), a TZID the feed defines
 *   in a VTIMEZONE, or floating (no zone), read in the guidebook's zone.
 * - Blocked dates ("Airbnb (Not available)", Vrbo's "Blocked", "Unavailable") are not stays:
 *   skipped. Booking.com writes every reservation as "CLOSED - Not available" (a host's own
 *   closures look the same): those are read as stays, since a stay too many costs nothing and a
 *   missing one hides the door code from a guest.
 * - `STATUS:CANCELLED` comes back as `cancelled`: the sync drops its stay.
 */

/** When an all-day booking begins and ends, where the property is. */
export const CHECK_IN_TIME = '15:00';
export const CHECK_OUT_TIME = '11:00';

const BLOCKED_SUMMARY = /^\s*(airbnb \(not available\)|not available|unavailable|blocked)\s*$/i;
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

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalProperty = InstanceType<typeof ICAL.Property>;

const knownZones = new Map<string, boolean>();

/** True for a zone name Intl can convert in (IANA names, as Airbnb and Vrbo write them). */
function isKnownZone(zone: string): boolean {
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

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dayOf(time: IcalTime): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** The instant of a DATE or DATE-TIME value; `allDayTime` is the wall clock a DATE stands for. */
function instantOf(time: IcalTime, property: IcalProperty | null, allDayTime: string, timeZone: string): number | null {
  if (time.isDate) return localToInstant(`${dayOf(time)}T${allDayTime}`, timeZone);
  const local = `${dayOf(time)}T${pad(time.hour)}:${pad(time.minute)}`;
  if (time.zone?.tzid === 'UTC') return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const tzid = property?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : '';
  if (zone && isKnownZone(zone)) return localToInstant(local, zone);
  // A zone the feed defines itself (Outlook's "W. Europe Standard Time"): ical.js converts with it.
  if (zone && time.zone && time.zone.tzid === zone && time.zone.component) return time.toUnixTime() * 1000;
  return localToInstant(local, timeZone);
}

function textOf(component: InstanceType<typeof ICAL.Component>, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** One VEVENT as a booking, or null when it is none (blocked, no UID, no usable dates). */
function bookingOf(vevent: InstanceType<typeof ICAL.Component>, timeZone: string): CalendarBooking | null {
  const uid = textOf(vevent, 'uid');
  if (!uid || uid.length > 500) return null;
  if (BLOCKED_SUMMARY.test(textOf(vevent, 'summary'))) return null;
  const event = new ICAL.Event(vevent);
  const startProperty = vevent.getFirstProperty('dtstart');
  if (!startProperty) return null;
  const start = event.startDate;
  const end = event.endDate;
  // Without DTEND, ical.js derives the end from DURATION in the start's zone: read it there too.
  const endProperty = vevent.getFirstProperty('dtend') ?? startProperty;
  const checkIn = instantOf(start, startProperty, CHECK_IN_TIME, timeZone);
  const checkOut = instantOf(end, endProperty, CHECK_OUT_TIME, timeZone);
  if (checkIn === null || checkOut === null || checkOut <= checkIn || checkOut - checkIn > MAX_STAY_DAYS * DAY) return null;
  return { uid, checkIn, checkOut, cancelled: textOf(vevent, 'status').toUpperCase() === 'CANCELLED' };
}

/**
 * The bookings of an iCal feed, one per UID (a RECURRENCE-ID override shares its series' UID: the
 * series' own event wins). Throws CalendarFormatError when the text is not a calendar.
 */
export function parseCalendar(feed: string, timeZone: string): ParsedCalendar {
  const text = feed.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(text)) throw new CalendarFormatError('no BEGIN:VCALENDAR');
  let root: InstanceType<typeof ICAL.Component>;
  try {
    const parsed: unknown = ICAL.parse(text);
    // A text with several calendars parses to a list of them; the first is the platform's.
    const jcal = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : (parsed as unknown[]);
    root = new ICAL.Component(jcal);
  } catch (error) {
    throw new CalendarFormatError(error instanceof Error ? error.message : String(error));
  }
  if (root.name !== 'vcalendar') throw new CalendarFormatError(`root is ${root.name}`);
  const byUid = new Map<string, { booking: CalendarBooking; override: boolean }>();
  let skipped = 0;
  for (const vevent of root.getAllSubcomponents('vevent')) {
    let booking: CalendarBooking | null;
    try {
      booking = bookingOf(vevent, timeZone);
    } catch {
      // One malformed date spoils its event, not the feed.
      booking = null;
    }
    if (!booking) {
      skipped += 1;
      continue;
    }
    const override = vevent.hasProperty('recurrence-id');
    const seen = byUid.get(booking.uid);
    if (!seen || (seen.override && !override)) byUid.set(booking.uid, { booking, override });
    else skipped += 1;
  }
  return { bookings: [...byUid.values()].map((entry) => entry.booking), skipped };
}
