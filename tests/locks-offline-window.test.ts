// @no-database: pure functions of the offline code's window and the access island's next look.
import { describe, expect, it } from 'vitest';
import { firstUseBy, offlineWindow } from '../src/lib/server/locks/offline-codes.ts';
import { LOOK_AGAIN_MS, nextLookAt } from '../src/islands/guest/look-again.ts';

/**
 * docs/decisions/030-smart-locks.md §8, §9 (As built slice 5): an offline code's window on whole
 * hours of UTC (start down, end up), daily-bound beyond 672 hours with its end at the start's time
 * of day; its first-use rule beyond 24 hours; and when the guest's page asks again while a code is
 * being set.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe('an offline code’s window', () => {
  it('rounds the start down and the end up to whole hours, never shortening the stay', () => {
    expect(offlineWindow(at('2030-03-12T15:20:00Z'), at('2030-03-15T10:05:00Z'))).toEqual({ startsAt: at('2030-03-12T15:00:00Z'), endsAt: at('2030-03-15T11:00:00Z'), rounding: '1h' });
    expect(offlineWindow(at('2030-03-12T15:00:00Z'), at('2030-03-15T11:00:00Z'))).toEqual({ startsAt: at('2030-03-12T15:00:00Z'), endsAt: at('2030-03-15T11:00:00Z'), rounding: '1h' });
  });

  it('is hourly-bound up to 672 hours and daily-bound beyond, its end at the start’s time of day', () => {
    const start = at('2030-03-01T15:00:00Z');
    expect(offlineWindow(start, start + 28 * DAY).rounding).toBe('1h');
    expect(offlineWindow(start, start + 28 * DAY + 60_000)).toEqual({ startsAt: start, endsAt: start + 29 * DAY, rounding: '1d' });
    expect(offlineWindow(start + 30 * 60_000, start + 40 * DAY + 2 * HOUR)).toEqual({ startsAt: start, endsAt: start + 41 * DAY, rounding: '1d' });
  });

  it('must be used first within 24 hours of its start when it lasts longer', () => {
    const start = at('2030-03-12T15:00:00Z');
    expect(firstUseBy(start, start + DAY)).toBeNull();
    expect(firstUseBy(start, start + DAY + HOUR)).toBe(start + DAY);
  });
});

describe('the access island’s next look', () => {
  it('is 10 minutes away, or just after the time the answer named when sooner', () => {
    const now = at('2030-03-12T12:00:00Z');
    expect(nextLookAt(null, now)).toBe(now + LOOK_AGAIN_MS);
    expect(nextLookAt(new Date(now + 3 * 60_000).toISOString(), now)).toBe(now + 3 * 60_000 + 1_000);
    expect(nextLookAt(new Date(now - 60_000).toISOString(), now)).toBe(now + LOOK_AGAIN_MS);
    expect(nextLookAt(new Date(now + HOUR).toISOString(), now)).toBe(now + LOOK_AGAIN_MS);
  });
});
