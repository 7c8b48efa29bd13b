import { z } from 'zod';
import type { Channel } from '@shared/channels.ts';
import { STAY_LANGUAGES } from '@shared/languages.ts';
import { EMAIL_MAX } from '@shared/schemas/auth.ts';
import { MAX_GUEST_NAME } from '@shared/schemas/stay.ts';
import type { PmsReservation } from '../adapter.ts';

/**
 * A Smoobu booking as `GET /api/reservations` and `GET /api/reservations/{id}` answer it, read
 * into a PmsReservation (docs/decisions/029-pms-connectors.md §2). The schema names only the
 * fields read: zod drops the rest (prices, addresses, notes) at this edge, so nothing else of
 * the guest reaches a log or a row. Field names from the record's table (third-party sources).
 */
const id = z.union([z.number().int(), z.string().min(1).max(64)]).transform(String);
const optionalText = z.string().nullish();
const count = z.union([z.number(), z.string()]).nullish();
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const smoobuBooking = z.object({
  id,
  type: optionalText,
  'is-blocked-booking': z.union([z.boolean(), z.number()]).nullish(),
  arrival: z.string().regex(DATE),
  departure: z.string().regex(DATE),
  'check-in': optionalText,
  'check-out': optionalText,
  apartment: z.object({ id }),
  channel: z.object({ name: optionalText }).nullish(),
  'guest-name': optionalText,
  firstname: optionalText,
  lastname: optionalText,
  email: optionalText,
  phone: optionalText,
  adults: count,
  children: count,
  language: optionalText,
  'modified-at': optionalText,
});
export type SmoobuBooking = z.infer<typeof smoobuBooking>;

/** §2, Channels: Smoobu's channel name to ours. */
export function smoobuChannel(name: string | null | undefined): Channel {
  const lower = (name ?? '').trim().toLowerCase();
  if (lower.startsWith('airbnb')) return 'airbnb';
  if (lower.startsWith('booking.com')) return 'booking';
  if (lower.startsWith('vrbo') || lower.startsWith('homeaway')) return 'vrbo';
  if (['direct booking', 'website', 'homepage'].includes(lower)) return 'direct';
  return 'other';
}

/** The primary subtag (`de-AT` → `de`) when stays can be in that language, else '' (the guidebook's own). */
export function stayLanguageOf(code: string | null | undefined): string {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (STAY_LANGUAGES as readonly string[]).includes(primary) ? primary : '';
}

/** Kept only when it passes the check a typed address passes. */
export function guestEmailOf(value: string | null | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  return email.length <= EMAIL_MAX && z.email().safeParse(email).success ? email : '';
}

/** A whole count of 0 or more, from a number or its digits; null otherwise (also used by hostaway-reservation.ts). */
export function numberOf(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

function guestCount(adults: SmoobuBooking['adults'], children: SmoobuBooking['children']): number | null {
  const [a, c] = [numberOf(adults), numberOf(children)];
  return a === null && c === null ? null : (a ?? 0) + (c ?? 0);
}

/** "2026-11-28 14:03" (Smoobu's form, zone not stated: read as UTC; Hostaway's adds seconds) or an ISO time; null otherwise. */
export function modifiedAtOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at : null;
}

export function toReservation(booking: SmoobuBooking): PmsReservation {
  const blocked = booking['is-blocked-booking'] === true || booking['is-blocked-booking'] === 1;
  const joined = [booking.firstname, booking.lastname].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
  const name = ((booking['guest-name'] ?? '').trim() || joined).slice(0, MAX_GUEST_NAME);
  const time = (value: string | null | undefined) => (value && TIME.test(value.trim()) ? value.trim() : null);
  return {
    externalId: booking.id,
    unitId: booking.apartment.id,
    state: booking.type === 'cancellation' || blocked ? 'gone' : 'booked',
    arrival: booking.arrival,
    departure: booking.departure,
    arrivalTime: time(booking['check-in']),
    departureTime: time(booking['check-out']),
    guest: { name, email: guestEmailOf(booking.email), phone: (booking.phone ?? '').trim().slice(0, 40), language: stayLanguageOf(booking.language), count: guestCount(booking.adults, booking.children) },
    channel: smoobuChannel(booking.channel?.name),
    modifiedAt: modifiedAtOf(booking['modified-at']),
  };
}

/** A reservation Smoobu no longer knows (404): gone, with nothing else said of it. */
export function goneReservation(externalId: string): PmsReservation {
  return {
    externalId,
    unitId: '',
    state: 'gone',
    arrival: '',
    departure: '',
    arrivalTime: null,
    departureTime: null,
    guest: { name: '', email: '', phone: '', language: '', count: null },
    channel: 'other',
    modifiedAt: null,
  };
}
