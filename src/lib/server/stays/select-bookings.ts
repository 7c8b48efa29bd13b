import { DEFAULT_STAY_TIMES, type StayTimes } from '@shared/time-zone.ts';
import { CalendarFormatError, CalendarRecurrenceError, parseCalendar, type CalendarBooking } from './parse-calendar.ts';

/**
 * What one feed may do to a guidebook's stays (docs/decisions/014-calendar-feeds.md): at most
 * MAX_CALENDAR_BOOKINGS stays in the coming CALENDAR_MONTHS_AHEAD months, earliest first. A feed
 * of 17,000 bookings once made 17,000 stays in 36 s; no property has a tenth of that ahead.
 */
export const MAX_CALENDAR_BOOKINGS = 500;
export const CALENDAR_MONTHS_AHEAD = 18;

/** A feed read for the sync (sync-calendar.ts applies it). */
export interface CalendarImport {
  /**
   * The bookings a sync creates or moves stays for: those in the window (check-out after now,
   * check-in before CALENDAR_MONTHS_AHEAD months from now), at most MAX_CALENDAR_BOOKINGS, earliest
   * first; then as many of the latest that are over, which only move a stay already made.
   */
  bookings: CalendarBooking[];
  /** Every other UID the feed still books (left out, or long over): a stay made for one is kept as it is. */
  otherUids: string[];
  /** How many of `bookings` are in the window. */
  imported: number;
  /** Bookings still ahead that the window or the ceiling left out: the host is told. */
  leftOut: number;
  /** Events read but not bookings (parse-calendar.ts). */
  skipped: number;
}

/** What reading a feed's text comes to, as the worker posts it (calendar-worker.ts). */
export type FeedReading = { ok: true; calendar: CalendarImport } | { ok: false; refusal: 'not-ical' | 'too-frequent'; cause: string };

/** `now` plus CALENDAR_MONTHS_AHEAD calendar months (UTC). */
export function windowEnd(now: number): number {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + CALENDAR_MONTHS_AHEAD);
  return end.getTime();
}

const earliestFirst = (a: CalendarBooking, b: CalendarBooking) => a.checkIn - b.checkIn || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/** The feed's bookings cut to what a sync may apply at `now`. Cancelled bookings are in neither list: their stays go. */
export function selectBookings(bookings: readonly CalendarBooking[], skipped: number, now: number): CalendarImport {
  const until = windowEnd(now);
  const ahead: CalendarBooking[] = [];
  const over: CalendarBooking[] = [];
  const otherUids: string[] = [];
  let leftOut = 0;
  for (const booking of bookings) {
    if (booking.cancelled) continue;
    if (booking.checkOut <= now) over.push(booking);
    else if (booking.checkIn < until) ahead.push(booking);
    else {
      otherUids.push(booking.uid);
      leftOut += 1;
    }
  }
  ahead.sort(earliestFirst);
  for (const booking of ahead.slice(MAX_CALENDAR_BOOKINGS)) otherUids.push(booking.uid);
  leftOut += Math.max(0, ahead.length - MAX_CALENDAR_BOOKINGS);
  const kept = ahead.slice(0, MAX_CALENDAR_BOOKINGS);
  // Bookings over move a stay made while they were ahead; only the latest can have one still shown.
  over.sort((a, b) => b.checkOut - a.checkOut);
  for (const booking of over.slice(MAX_CALENDAR_BOOKINGS)) otherUids.push(booking.uid);
  return { bookings: [...kept, ...over.slice(0, MAX_CALENDAR_BOOKINGS)], otherUids, imported: kept.length, leftOut, skipped };
}

/** Parses and selects; never throws for a feed's content (the refusals come back as values). */
export function readFeedText(feed: string, timeZone: string, now: number, allDay: StayTimes = DEFAULT_STAY_TIMES): FeedReading {
  try {
    const parsed = parseCalendar(feed, timeZone, allDay);
    return { ok: true, calendar: selectBookings(parsed.bookings, parsed.skipped, now) };
  } catch (error) {
    if (error instanceof CalendarRecurrenceError) return { ok: false, refusal: 'too-frequent', cause: error.message };
    if (error instanceof CalendarFormatError) return { ok: false, refusal: 'not-ical', cause: error.message };
    throw error;
  }
}
