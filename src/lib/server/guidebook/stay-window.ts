import type { SecretsPolicy } from '@shared/schemas/instruction.ts';
import type { StayStatus } from '@shared/schemas/stay.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instants of a stay that decide what its link shows. */
export interface StayTimes {
  checkIn: number;
  checkOut: number;
}

/**
 * The check-in and check-out a stay has now: a paid or approved early check-in or late check-out
 * moves them. A moved time counts only while it is within a day of the booking's own (a calendar
 * sync that moves the booking to other days leaves the old order's time behind).
 */
export function effectiveStayTimes(stay: { check_in: number; check_out: number; early_checkin_from: number | null; late_checkout_until: number | null }): StayTimes {
  const early = stay.early_checkin_from;
  const late = stay.late_checkout_until;
  return {
    checkIn: early !== null && early < stay.check_in && stay.check_in - early < DAY ? early : stay.check_in,
    checkOut: late !== null && late > stay.check_out && late - stay.check_out < DAY ? late : stay.check_out,
  };
}

/** From this instant the stay link answers 410 "This stay has ended" (STAY_LINK_DAYS after check-out). */
export function stayLinkEndsAt(stay: StayTimes, daysAfterCheckOut: number): number {
  return stay.checkOut + daysAfterCheckOut * DAY;
}

/** Where a stay is in its life at `now`. */
export function stayStatus(stay: StayTimes, daysAfterCheckOut: number, now: number): StayStatus {
  if (now >= stayLinkEndsAt(stay, daysAfterCheckOut)) return 'ended';
  if (now >= stay.checkOut) return 'past';
  if (now >= stay.checkIn) return 'current';
  return 'upcoming';
}

/** When the gated secrets show on a stay link: from `hours` before check-in until check-out. */
export function secretsWindow(stay: StayTimes, revealHoursBefore: number): { from: number; until: number } {
  return { from: stay.checkIn - revealHoursBefore * HOUR, until: stay.checkOut };
}

/** What a guest may see of the door code and the Wi-Fi password, and why not. */
export type SecretsDecision =
  | { allowed: true; until: number | null }
  | { allowed: false; reason: 'booking-only' | 'too-early' | 'stay-over' | 'pin-required'; availableFrom: number | null };

export interface SecretsQuestion {
  policy: SecretsPolicy;
  revealHoursBefore: number;
  /** The stay of a stay link; null on the guidebook's public link. */
  stay: StayTimes | null;
  /** The PIN was given and is right (checked by the caller, in constant time). */
  pinAccepted: boolean;
  now: number;
}

/**
 * The secrets policy (docs/decisions/013): `always` shows them to any link holder; `pin` to anyone
 * who gives the PIN on the public link; `stay` only on a stay link, from `revealHoursBefore` hours
 * before check-in until check-out. A stay link is the booking itself, so it never needs the PIN:
 * under `pin` it shows them in the same window as under `stay`.
 */
export function decideSecrets({ policy, revealHoursBefore, stay, pinAccepted, now }: SecretsQuestion): SecretsDecision {
  if (policy === 'always') return { allowed: true, until: null };
  if (!stay) return policy === 'pin' && pinAccepted ? { allowed: true, until: null } : { allowed: false, reason: policy === 'pin' ? 'pin-required' : 'booking-only', availableFrom: null };
  const window = secretsWindow(stay, revealHoursBefore);
  if (now < window.from) return { allowed: false, reason: 'too-early', availableFrom: window.from };
  if (now >= window.until) return { allowed: false, reason: 'stay-over', availableFrom: null };
  return { allowed: true, until: window.until };
}
