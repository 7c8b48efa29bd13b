import { z } from 'zod';
import type { Channel } from '@shared/channels.ts';
import { MAX_GUEST_NAME } from '@shared/schemas/stay.ts';
import type { PmsReservation } from '../adapter.ts';
import { goneReservation, guestEmailOf, stayLanguageOf } from './smoobu-reservation.ts';

/**
 * A Beds24 booking as API V2's `GET /bookings` answers it (`data[]`), read into a PmsReservation
 * (docs/decisions/029-pms-connectors.md §2). The schema names only the fields read: zod drops
 * the rest (address, prices, notes, invoice and info items) at this edge, so nothing else of the
 * guest reaches a log or a row. A unit is a room type of a property: `<propertyId>/<roomId>`.
 */
const intId = z.number().int().nonnegative();
const optionalText = z.string().nullish();
const count = z.union([z.number(), z.string()]).nullish();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every status Beds24 has: each read names them all, since `cancelled` is left out unless asked (§2). */
export const BEDS24_STATUSES = ['confirmed', 'request', 'new', 'cancelled', 'black', 'inquiry'] as const;
const BOOKED: ReadonlySet<string> = new Set(['confirmed', 'new']);

export const beds24Booking = z.object({
  id: intId,
  propertyId: intId,
  roomId: intId,
  status: z.string(),
  arrival: z.string().regex(DATE),
  departure: z.string().regex(DATE),
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  mobile: z.union([z.string(), z.number()]).nullish(),
  phone: z.union([z.string(), z.number()]).nullish(),
  numAdult: count,
  numChild: count,
  channel: optionalText,
  apiSource: optionalText,
  lang: optionalText,
  modifiedTime: optionalText,
});
export type Beds24Booking = z.infer<typeof beds24Booking>;

/** §2, Channels: Beds24's channel enum to ours. */
const CHANNELS: Readonly<Record<string, Channel>> = { airbnb: 'airbnb', airbnbical: 'airbnb', booking: 'booking', vrbo: 'vrbo', vrboical: 'vrbo', direct: 'direct', bookingpage: 'direct' };

/** The enum when the booking has it; else the older `apiSource` text ("Airbnb", "Booking.com"), read the same way. */
export function beds24Channel(channel: string | null | undefined, apiSource: string | null | undefined): Channel {
  if (channel) return CHANNELS[channel.trim().toLowerCase()] ?? 'other';
  const source = (apiSource ?? '').trim().toLowerCase().replace(/[\s.]+/g, '');
  if (source.startsWith('airbnb')) return 'airbnb';
  if (source === 'bookingpage' || source === 'direct') return 'direct';
  if (source.startsWith('booking')) return 'booking';
  if (source.startsWith('vrbo') || source.startsWith('homeaway')) return 'vrbo';
  return 'other';
}

function numberOf(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

const text = (value: string | number | null | undefined) => String(value ?? '').trim();

export function unitIdOf(propertyId: number, roomId: number): string {
  return `${propertyId}/${roomId}`;
}

export function toReservation(booking: Beds24Booking): PmsReservation {
  const [adults, children] = [numberOf(booking.numAdult), numberOf(booking.numChild)];
  const modifiedAt = booking.modifiedTime ? Date.parse(booking.modifiedTime) : NaN;
  return {
    externalId: String(booking.id),
    unitId: unitIdOf(booking.propertyId, booking.roomId),
    state: BOOKED.has(booking.status) ? 'booked' : 'gone',
    arrival: booking.arrival,
    departure: booking.departure,
    // Beds24's `arrivalTime` is the guest's own note of when they come, not the property's time: not read (§"Where the docs were silent", 9).
    arrivalTime: null,
    departureTime: null,
    guest: {
      name: [text(booking.firstName), text(booking.lastName)].filter(Boolean).join(' ').slice(0, MAX_GUEST_NAME),
      email: guestEmailOf(booking.email),
      phone: (text(booking.mobile) || text(booking.phone)).slice(0, 40),
      language: stayLanguageOf(booking.lang),
      count: adults === null && children === null ? null : (adults ?? 0) + (children ?? 0),
    },
    channel: beds24Channel(booking.channel, booking.apiSource),
    modifiedAt: Number.isFinite(modifiedAt) ? modifiedAt : null,
  };
}

export { goneReservation };
