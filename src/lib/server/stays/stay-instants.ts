import { messages } from '@shared/messages.ts';
import { MAX_STAY_DAYS } from '@shared/schemas/stay.ts';
import { atTime, localToInstant, type StayTimes } from '@shared/time-zone.ts';
import { AppError } from '../http/app-error.ts';

const DAY = 86_400_000;

/**
 * Check-in and check-out typed in `timeZone`, as instants; a day given alone is at the guidebook's
 * usual time (`times`). 400 when they make no stay.
 */
export function stayInstants(checkIn: string, checkOut: string, timeZone: string, times?: StayTimes): { checkIn: number; checkOut: number } {
  const start = localToInstant(times ? atTime(checkIn, times.checkIn) : checkIn, timeZone);
  const end = localToInstant(times ? atTime(checkOut, times.checkOut) : checkOut, timeZone);
  if (start === null) throw new AppError('BAD_REQUEST', messages.stays.dateRequired('check-in'));
  if (end === null) throw new AppError('BAD_REQUEST', messages.stays.dateRequired('check-out'));
  if (end <= start) throw new AppError('BAD_REQUEST', messages.stays.checkOutBeforeCheckIn);
  if (end - start > MAX_STAY_DAYS * DAY) throw new AppError('BAD_REQUEST', messages.stays.tooLong(MAX_STAY_DAYS));
  return { checkIn: start, checkOut: end };
}
