// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { decideSecrets, stayLinkEndsAt, stayStatus } from '../src/lib/server/guidebook/stay-window.ts';
import { instantToLocal, localToInstant } from '../src/lib/shared/time-zone.ts';

/** The secrets window and the stay link's life at their edges, with the clock given (never slept). */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const stay = { checkIn: Date.UTC(2030, 6, 4, 13), checkOut: Date.UTC(2030, 6, 8, 9) };
const ask = (now: number, policy: 'always' | 'stay' | 'pin' = 'stay', extra: { pinAccepted?: boolean; onStay?: boolean } = {}) =>
  decideSecrets({ policy, revealHoursBefore: 24, stay: extra.onStay === false ? null : stay, pinAccepted: extra.pinAccepted ?? false, now });

describe('the secrets window', () => {
  it('opens exactly revealHoursBefore before check-in and closes at check-out', () => {
    const opens = stay.checkIn - 24 * HOUR;
    expect(ask(opens - 1)).toEqual({ allowed: false, reason: 'too-early', availableFrom: opens });
    expect(ask(opens)).toEqual({ allowed: true, until: stay.checkOut });
    expect(ask(stay.checkOut - 1)).toEqual({ allowed: true, until: stay.checkOut });
    expect(ask(stay.checkOut)).toEqual({ allowed: false, reason: 'stay-over', availableFrom: null });
  });

  it('the public link of a "stay" guidebook never gets them; "always" always; "pin" with the PIN only', () => {
    expect(ask(stay.checkIn, 'stay', { onStay: false })).toEqual({ allowed: false, reason: 'booking-only', availableFrom: null });
    expect(ask(0, 'always', { onStay: false })).toEqual({ allowed: true, until: null });
    expect(ask(stay.checkIn, 'pin', { onStay: false })).toEqual({ allowed: false, reason: 'pin-required', availableFrom: null });
    expect(ask(0, 'pin', { pinAccepted: true, onStay: false })).toEqual({ allowed: true, until: null });
  });

  it('a stay link never needs the PIN: under "pin" it opens in the stay’s window, as under "stay"', () => {
    const opens = stay.checkIn - 24 * HOUR;
    expect(ask(opens, 'pin')).toEqual({ allowed: true, until: stay.checkOut });
    expect(ask(opens - 1, 'pin', { pinAccepted: true })).toEqual({ allowed: false, reason: 'too-early', availableFrom: opens });
    expect(ask(stay.checkOut, 'pin', { pinAccepted: true })).toEqual({ allowed: false, reason: 'stay-over', availableFrom: null });
    expect(ask(stay.checkIn - 30 * DAY, 'pin')).toMatchObject({ allowed: false, reason: 'too-early' });
  });

  it('a stay link ends STAY_LINK_DAYS after check-out', () => {
    const ends = stayLinkEndsAt(stay, 3);
    expect(ends).toBe(stay.checkOut + 3 * DAY);
    expect(stayStatus(stay, 3, stay.checkIn - 1)).toBe('upcoming');
    expect(stayStatus(stay, 3, stay.checkIn)).toBe('current');
    expect(stayStatus(stay, 3, stay.checkOut)).toBe('past');
    expect(stayStatus(stay, 3, ends - 1)).toBe('past');
    expect(stayStatus(stay, 3, ends)).toBe('ended');
  });
});

describe('wall-clock times in the property’s zone', () => {
  it('converts both ways, across daylight-saving changes', () => {
    expect(localToInstant('2030-07-04T15:00', 'Europe/Zagreb')).toBe(Date.UTC(2030, 6, 4, 13));
    expect(localToInstant('2030-01-04T15:00', 'Europe/Zagreb')).toBe(Date.UTC(2030, 0, 4, 14));
    expect(localToInstant('2030-07-04T15:00', 'America/New_York')).toBe(Date.UTC(2030, 6, 4, 19));
    expect(localToInstant('2030-07-04T15:00', '')).toBe(Date.UTC(2030, 6, 4, 15));
    // 02:30 does not exist in Zagreb on 2030-03-31 (clocks go 02:00 → 03:00): read as the hour after.
    expect(instantToLocal(localToInstant('2030-03-31T02:30', 'Europe/Zagreb')!, 'Europe/Zagreb')).toBe('2030-03-31T03:30');
    for (const local of ['2030-07-04T15:00', '2030-10-27T01:59', '2030-12-31T23:59']) {
      expect(instantToLocal(localToInstant(local, 'Australia/Sydney')!, 'Australia/Sydney')).toBe(local);
    }
    expect(localToInstant('2030-02-30T10:00', 'UTC')).toBeNull();
    expect(localToInstant('2030-07-04 15:00', 'UTC')).toBeNull();
  });
});
