import { instantToLocal } from '@shared/time-zone.ts';

/**
 * A code's name on the lock (docs/decisions/030-smart-locks.md §6, "Names"): "Porchlight · Dana ·
 * 12–15 Mar" in the guidebook's time zone ("30 Mar–2 Apr" across months), the first name or the
 * channel's guest, at most 40 characters, the first name shortened first.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CHANNEL_GUESTS: Record<string, string> = { airbnb: 'Airbnb guest', booking: 'Booking.com guest', vrbo: 'Vrbo guest' };
const MAX = 40;

function dayAndMonth(instant: number, zone: string): [number, string] {
  const local = instantToLocal(instant, zone);
  return [Number(local.slice(8, 10)), MONTHS[Number(local.slice(5, 7)) - 1] ?? ''];
}

export function codeName({ guestName, channel, checkIn, checkOut, timeZone }: { guestName: string; channel: string; checkIn: number; checkOut: number; timeZone: string }): string {
  const [fromDay, fromMonth] = dayAndMonth(checkIn, timeZone);
  const [toDay, toMonth] = dayAndMonth(checkOut, timeZone);
  const dates = fromMonth === toMonth ? `${fromDay}–${toDay} ${toMonth}` : `${fromDay} ${fromMonth}–${toDay} ${toMonth}`;
  const first = guestName.replace(/[\s\p{Cc}]+/gu, ' ').trim().split(' ')[0] ?? '';
  const who = first || CHANNEL_GUESTS[channel] || 'Guest';
  const room = MAX - `Porchlight ·  · ${dates}`.length;
  return `Porchlight · ${who.length > room ? who.slice(0, Math.max(room, 1)) : who} · ${dates}`;
}
