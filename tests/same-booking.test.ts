// @no-database: a pure function over dates and channels.
import { describe, expect, it } from 'vitest';
import { isSameBooking, theSameBooking, type BookedDates } from '../src/lib/server/stays/same-booking.ts';
import { localToInstant } from '../src/lib/shared/time-zone.ts';

const zone = 'Europe/Lisbon';
const at = (local: string) => localToInstant(local, zone)!;
const booking = (checkIn: string, checkOut: string, channel: BookedDates['channel'] = 'airbnb'): BookedDates => ({ checkIn: at(checkIn), checkOut: at(checkOut), channel });

describe('the same booking from a booking system and a calendar feed', () => {
  const fromFeed = booking('2026-12-04T15:00', '2026-12-07T11:00');

  it('matches the same dates at other times, on the same channel', () => {
    expect(isSameBooking(fromFeed, booking('2026-12-04T16:30', '2026-12-07T10:00'), zone)).toBe(true);
  });

  it('reads dates in the guidebook’s zone, not in UTC', () => {
    // 00:30 in Lisbon in summer is 23:30 UTC the day before.
    const summer = booking('2026-07-04T00:30', '2026-07-07T11:00');
    expect(isSameBooking(summer, booking('2026-07-04T15:00', '2026-07-07T11:00'), zone)).toBe(true);
    expect(isSameBooking(summer, booking('2026-07-03T15:00', '2026-07-07T11:00'), zone)).toBe(false);
  });

  it('does not match another check-in or check-out date', () => {
    expect(isSameBooking(fromFeed, booking('2026-12-05T15:00', '2026-12-07T11:00'), zone)).toBe(false);
    expect(isSameBooking(fromFeed, booking('2026-12-04T15:00', '2026-12-08T11:00'), zone)).toBe(false);
  });

  it('does not match another channel, but "other" matches any', () => {
    expect(isSameBooking(fromFeed, booking('2026-12-04T15:00', '2026-12-07T11:00', 'booking'), zone)).toBe(false);
    expect(isSameBooking(booking('2026-12-04T15:00', '2026-12-07T11:00', 'other'), booking('2026-12-04T15:00', '2026-12-07T11:00', 'vrbo'), zone)).toBe(true);
    expect(isSameBooking(fromFeed, booking('2026-12-04T15:00', '2026-12-07T11:00', 'other'), zone)).toBe(true);
  });

  it('names exactly one candidate, or none when two could be it', () => {
    const other = booking('2026-12-10T15:00', '2026-12-12T11:00');
    expect(theSameBooking([other, fromFeed], booking('2026-12-04T17:00', '2026-12-07T11:00'), zone)).toBe(fromFeed);
    expect(theSameBooking([other], fromFeed, zone)).toBeNull();
    const twin = booking('2026-12-04T15:00', '2026-12-07T11:00', 'other');
    expect(theSameBooking([fromFeed, twin], booking('2026-12-04T15:00', '2026-12-07T11:00'), zone)).toBeNull();
  });
});
