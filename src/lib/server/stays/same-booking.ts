import type { Channel } from '@shared/channels.ts';
import { instantToLocal } from '@shared/time-zone.ts';

/**
 * One booking, one stay (docs/decisions/029-pms-connectors.md §7): a booking system's reservation
 * and a calendar feed's event are the same booking when they name the same guidebook, the same
 * check-in and check-out dates in the guidebook's time zone (their times differ: a feed carries
 * the guidebook's usual ones), and the same channel, where `other` (a channel manager's feed names
 * no platform) matches any. Both the booking system's side and the calendar's side ask this one
 * function, so neither can double what the other made.
 */
export interface BookedDates {
  checkIn: number;
  checkOut: number;
  channel: Channel;
}

const localDate = (instant: number, timeZone: string) => instantToLocal(instant, timeZone).slice(0, 10);

export function isSameBooking(a: BookedDates, b: BookedDates, timeZone: string): boolean {
  const channelsMeet = a.channel === b.channel || a.channel === 'other' || b.channel === 'other';
  return (
    channelsMeet &&
    localDate(a.checkIn, timeZone) === localDate(b.checkIn, timeZone) &&
    localDate(a.checkOut, timeZone) === localDate(b.checkOut, timeZone)
  );
}

/**
 * The one candidate that is the same booking, or null: none, or two or more (a double booking,
 * where guessing could join the wrong guest to a stay; both sides keep their stays and the overlap
 * is flagged as for any other).
 */
export function theSameBooking<T extends BookedDates>(candidates: readonly T[], booking: BookedDates, timeZone: string): T | null {
  const matches = candidates.filter((candidate) => isSameBooking(candidate, booking, timeZone));
  return matches.length === 1 ? matches[0]! : null;
}
