import { z } from 'zod';
import type { Channel } from '@shared/channels.ts';
import { MAX_GUEST_NAME } from '@shared/schemas/stay.ts';
import type { PmsReservation } from '../adapter.ts';
import { guestEmailOf, modifiedAtOf, numberOf, stayLanguageOf } from './smoobu-reservation.ts';

/**
 * A Hostaway reservation as `GET /v1/reservations` and `GET /v1/reservations/{id}` answer it (the
 * Reservation object of Hostaway's API reference), read into a PmsReservation
 * (docs/decisions/029-pms-connectors.md §2). The schema names only the fields read: zod drops the
 * rest at this edge (the guest's address, prices, `doorCode`, `ccNumberEndingDigits`, notes), so
 * none of it reaches a log or a row. `guestLocale` is not in the documented object (the record's
 * "Where the docs were silent" 8): read when present, else the stay has no language of its own.
 */
const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const optionalText = z.string().nullish();
const count = z.union([z.number(), z.string()]).nullish();
/** An hour of the day (Hostaway's `checkInTime`/`checkOutTime` are integers). */
const hour = z.union([z.number(), z.string()]).nullish();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const hostawayReservation = z.object({
  id,
  listingMapId: id,
  channelId: z.union([z.number(), z.string()]).nullish(),
  channelName: optionalText,
  status: optionalText,
  arrivalDate: z.string().regex(DATE),
  departureDate: z.string().regex(DATE),
  isDatesUnspecified: z.union([z.number(), z.boolean()]).nullish(),
  checkInTime: hour,
  checkOutTime: hour,
  guestName: optionalText,
  guestFirstName: optionalText,
  guestLastName: optionalText,
  guestEmail: optionalText,
  phone: optionalText,
  numberOfGuests: count,
  adults: count,
  children: count,
  guestLocale: optionalText,
  updatedOn: optionalText,
});
export type HostawayReservation = z.infer<typeof hostawayReservation>;

/** §2, States: these are a stay; every other status (cancelled, declined, expired, pending, inquiries…) is not. */
const BOOKED = new Set(['new', 'modified', 'confirmed']);

/** Hostaway's direct channels: `direct` (2000) and the host's own booking engine, `bookingengine` (2013). */
const DIRECT_IDS = new Set([2000, 2013]);

/** §2, Channels: Hostaway's channel id and name (its "Reservation Channels" table) to ours. */
export function hostawayChannel(channelId: number | string | null | undefined, channelName: string | null | undefined): Channel {
  if (DIRECT_IDS.has(Number(channelId))) return 'direct';
  const name = (channelName ?? '').trim().toLowerCase();
  if (name.startsWith('airbnb')) return 'airbnb';
  if (name === 'bookingcom' || name.startsWith('booking.com')) return 'booking';
  if (name.startsWith('homeaway') || name.startsWith('vrbo')) return 'vrbo';
  if (name === 'direct' || name === 'bookingengine') return 'direct';
  return 'other';
}

/** `numberOfGuests`, else adults and children added; null when Hostaway says neither. */
function guestCount(r: HostawayReservation): number | null {
  const total = numberOf(r.numberOfGuests);
  if (total !== null && total > 0) return total;
  const [adults, children] = [numberOf(r.adults), numberOf(r.children)];
  return adults === null && children === null ? total : (adults ?? 0) + (children ?? 0);
}

/** An hour (0–23) as HH:00; null for anything else. */
function timeOf(value: number | string | null | undefined): string | null {
  const n = numberOf(value);
  return n !== null && n <= 23 ? `${String(n).padStart(2, '0')}:00` : null;
}

export function toReservation(r: HostawayReservation): PmsReservation {
  const datesUnknown = r.isDatesUnspecified === 1 || r.isDatesUnspecified === true;
  const joined = [r.guestFirstName, r.guestLastName].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
  return {
    externalId: r.id,
    unitId: r.listingMapId,
    // A reservation whose channel gave no dates carries yesterday's: never a stay (§2).
    state: BOOKED.has((r.status ?? '').trim()) && !datesUnknown ? 'booked' : 'gone',
    arrival: r.arrivalDate,
    departure: r.departureDate,
    arrivalTime: timeOf(r.checkInTime),
    departureTime: timeOf(r.checkOutTime),
    guest: {
      name: ((r.guestName ?? '').trim() || joined).slice(0, MAX_GUEST_NAME),
      email: guestEmailOf(r.guestEmail),
      phone: (r.phone ?? '').trim().slice(0, 40),
      language: stayLanguageOf(r.guestLocale),
      count: guestCount(r),
    },
    channel: hostawayChannel(r.channelId, r.channelName),
    // `updatedOn`: "YYYY-MM-DD HH:MM:SS" in UTC, as every time of Hostaway's API.
    modifiedAt: modifiedAtOf(r.updatedOn),
  };
}
