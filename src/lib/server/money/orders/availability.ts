import type { Extra } from '@shared/schemas/instruction.ts';
import { instantToLocal, localToInstant } from '@shared/time-zone.ts';
import { effectiveStayTimes } from '../../guidebook/stay-window.ts';

export { effectiveStayTimes };

/** Why an extra cannot be had for a stay: a key of the guest dictionary's `extras.reason.*`. */
export type UnavailableReason = 'stayEnded' | 'stayBegun' | 'arrivalThatDay' | 'departureThatDay' | 'alreadyLater' | 'alreadyEarlier' | 'alreadyOrdered' | 'alreadyConfirmed';

export interface StayTimes {
  id: string;
  checkIn: number;
  checkOut: number;
}

/** An order that still holds its slot (not declined, cancelled or refunded). */
export interface HeldOrder {
  extraId: number;
  quantity: number;
  /** Approved or paid: the guest has it (not merely asked for it). */
  confirmed: boolean;
}

export type Availability = { available: true; movesTo: number | null } | { available: false; reason: UnavailableReason };

/** `instant`'s day in `zone`, at `time` ("HH:MM"). */
function sameDayAt(instant: number, time: string, zone: string): number | null {
  return localToInstant(`${instantToLocal(instant, zone).slice(0, 10)}T${time}`, zone);
}

const dayOf = (instant: number, zone: string) => instantToLocal(instant, zone).slice(0, 10);

/**
 * Whether a late check-out to `movesTo` meets another stay arriving that day, or an early check-in
 * from `movesTo` another stay leaving that day (a turnover day has no room to spare).
 */
export function collides(kind: 'late-checkout' | 'early-checkin', movesTo: number, stayId: string, others: readonly StayTimes[], zone: string): boolean {
  const day = dayOf(movesTo, zone);
  return others.some((other) => other.id !== stayId && dayOf(kind === 'late-checkout' ? other.checkIn : other.checkOut, zone) === day);
}

/**
 * Whether `extra` can be had for `stay` now (docs/decisions/020-extras-and-the-money-flow.md):
 * a late check-out only when no other stay of the guidebook arrives on the check-out day and
 * only up to its time; an early check-in only when nobody leaves on the check-in day, from its
 * time; none once the stay is over (or, for an early check-in, begun); and no more than
 * `maxPerStay` held, this request's `quantity` (1 when only asking) included. `others` are the guidebook's other stays, the calendar's included.
 */
export function availability({ extra, stay, others, held, zone, now, quantity = 1 }: { extra: Extra; stay: StayTimes; others: readonly StayTimes[]; held: readonly HeldOrder[]; zone: string; now: number; quantity?: number }): Availability {
  if (now >= stay.checkOut) return { available: false, reason: 'stayEnded' };
  const mine = held.filter((order) => order.extraId === extra.id);
  const ordered = mine.reduce((sum, order) => sum + order.quantity, 0);
  const limit = extra.kind === 'item' ? extra.maxPerStay : 1;
  // The quantity asked for counts too: 2 held of 3, a request for 2 would make 4. The guest reads
  // "Confirmed for your stay" once everything they hold of it is theirs, else that it was asked for.
  if (ordered + quantity > limit) return { available: false, reason: mine.length > 0 && mine.every((order) => order.confirmed) ? 'alreadyConfirmed' : 'alreadyOrdered' };
  if (extra.kind === 'late-checkout') {
    const movesTo = sameDayAt(stay.checkOut, extra.lateCheckoutUntil, zone);
    if (movesTo === null || movesTo <= stay.checkOut) return { available: false, reason: 'alreadyLater' };
    if (collides('late-checkout', movesTo, stay.id, others, zone)) return { available: false, reason: 'arrivalThatDay' };
    return { available: true, movesTo };
  }
  if (extra.kind === 'early-checkin') {
    if (now >= stay.checkIn) return { available: false, reason: 'stayBegun' };
    const movesTo = sameDayAt(stay.checkIn, extra.earlyCheckinFrom, zone);
    if (movesTo === null || movesTo >= stay.checkIn) return { available: false, reason: 'alreadyEarlier' };
    if (collides('early-checkin', movesTo, stay.id, others, zone)) return { available: false, reason: 'departureThatDay' };
    return { available: true, movesTo };
  }
  return { available: true, movesTo: null };
}
