/**
 * Offline codes (docs/decisions/030-smart-locks.md §9): a lock with offline codes only (igloohome's
 * algoPIN and the like) takes codes its vendor computes for whole hours, which can be neither
 * changed nor withdrawn from afar. The window a stay's code is asked for: its start rounded down and
 * its end rounded up to whole hours of UTC, so a guest is never locked out of a paid hour
 * (`max_time_rounding: '1h'`); a stay longer than 28 days (672 hours, the hourly-bound limit) gets a
 * daily-bound code (`'1d'`) whose end is at the start's time of day, rounded up to whole days. A
 * code longer than 24 hours must be used for the first time within 24 hours of its start.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** igloohome's longest hourly-bound code: 672 hours. */
export const HOURLY_BOUND_MAX_MS = 28 * DAY_MS;
/** A code longer than this must be used once within this long of its start. */
export const FIRST_USE_MS = DAY_MS;

export interface OfflineWindow {
  startsAt: number;
  endsAt: number;
  rounding: '1h' | '1d';
}

export function offlineWindow(wantFrom: number, wantUntil: number): OfflineWindow {
  const startsAt = Math.floor(wantFrom / HOUR_MS) * HOUR_MS;
  const endsAt = Math.ceil(wantUntil / HOUR_MS) * HOUR_MS;
  if (endsAt - startsAt <= HOURLY_BOUND_MAX_MS) return { startsAt, endsAt, rounding: '1h' };
  return { startsAt, endsAt: startsAt + Math.ceil((wantUntil - startsAt) / DAY_MS) * DAY_MS, rounding: '1d' };
}

/** When a code from `startsAt` to `endsAt` must first be used, or null for a code of 24 hours or less. */
export function firstUseBy(startsAt: number, endsAt: number): number | null {
  return endsAt - startsAt > FIRST_USE_MS ? startsAt + FIRST_USE_MS : null;
}
