// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { availability, collides } from '../src/lib/server/money/orders/availability.ts';
import { effectiveStayTimes } from '../src/lib/server/guidebook/stay-window.ts';
import { extraSchema, type Extra } from '../src/lib/shared/schemas/instruction.ts';

/**
 * Which extras a stay can have (docs/decisions/020-extras-and-the-money-flow.md), on the pure
 * rule with the clock given: each rule at its edges, in a zone with a daylight-saving change.
 */
const ZONE = 'Europe/Zagreb';
const HOUR = 3_600_000;
const at = (local: string) => new Date(`${local}:00+01:00`).getTime(); // winter: UTC+1 in Zagreb

const extra = (fields: Partial<Extra>): Extra => extraSchema.parse({ id: 1, title: 'x', price: 0, ...fields });
const late = extra({ kind: 'late-checkout', lateCheckoutUntil: '14:00' });
const early = extra({ kind: 'early-checkin', earlyCheckinFrom: '11:00' });
const basket = extra({ id: 2, kind: 'item', maxPerStay: 2 });

const stay = { id: 'me', checkIn: at('2030-01-10T15:00'), checkOut: at('2030-01-14T10:00') };
const now = at('2030-01-12T09:00');

describe('late check-out', () => {
  it('moves the check-out to the extra’s time that day when nobody arrives', () => {
    expect(availability({ extra: late, stay, others: [], held: [], zone: ZONE, now })).toEqual({ available: true, movesTo: at('2030-01-14T14:00') });
  });

  it('is refused when another stay arrives on the check-out day, even late in the evening (turnover day)', () => {
    const arriving = { id: 'next', checkIn: at('2030-01-14T23:30'), checkOut: at('2030-01-16T10:00') };
    expect(availability({ extra: late, stay, others: [arriving], held: [], zone: ZONE, now })).toEqual({ available: false, reason: 'arrivalThatDay' });
    // The next morning is another day.
    const tomorrow = { ...arriving, checkIn: at('2030-01-15T00:00') };
    expect(availability({ extra: late, stay, others: [tomorrow], held: [], zone: ZONE, now }).available).toBe(true);
  });

  it('counts a stay imported from a calendar like any other, and never the stay itself', () => {
    expect(collides('late-checkout', at('2030-01-14T14:00'), 'me', [{ id: 'me', checkIn: at('2030-01-14T09:00'), checkOut: at('2030-01-14T10:00') }], ZONE)).toBe(false);
  });

  it('is refused when the check-out is already at or after its time, and once the stay is over', () => {
    expect(availability({ extra: extra({ kind: 'late-checkout', lateCheckoutUntil: '10:00' }), stay, others: [], held: [], zone: ZONE, now })).toEqual({ available: false, reason: 'alreadyLater' });
    expect(availability({ extra: late, stay, others: [], held: [], zone: ZONE, now: stay.checkOut })).toEqual({ available: false, reason: 'stayEnded' });
    expect(availability({ extra: late, stay, others: [], held: [], zone: ZONE, now: stay.checkOut - 1 }).available).toBe(true);
  });

  it('is asked for once: a held order takes the slot, and says so as it stands (asked for, or confirmed)', () => {
    expect(availability({ extra: late, stay, others: [], held: [{ extraId: 1, quantity: 1, confirmed: false }], zone: ZONE, now })).toEqual({ available: false, reason: 'alreadyOrdered' });
    expect(availability({ extra: late, stay, others: [], held: [{ extraId: 1, quantity: 1, confirmed: true }], zone: ZONE, now })).toEqual({ available: false, reason: 'alreadyConfirmed' });
  });

  it('reads the extra’s time on the wall clock of the property, across a daylight-saving change', () => {
    const summer = { id: 'me', checkIn: new Date('2030-03-29T15:00:00+01:00').getTime(), checkOut: new Date('2030-03-31T10:00:00+02:00').getTime() };
    const result = availability({ extra: late, stay: summer, others: [], held: [], zone: ZONE, now: summer.checkIn });
    expect(result).toEqual({ available: true, movesTo: new Date('2030-03-31T14:00:00+02:00').getTime() });
  });
});

describe('early check-in', () => {
  it('moves the check-in to the extra’s time that day when nobody leaves', () => {
    expect(availability({ extra: early, stay, others: [], held: [], zone: ZONE, now: at('2030-01-09T12:00') })).toEqual({ available: true, movesTo: at('2030-01-10T11:00') });
  });

  it('is refused when another stay leaves on the check-in day, once the stay has begun, and when the check-in is already that early', () => {
    const leaving = { id: 'before', checkIn: at('2030-01-07T15:00'), checkOut: at('2030-01-10T08:00') };
    const before = at('2030-01-09T12:00');
    expect(availability({ extra: early, stay, others: [leaving], held: [], zone: ZONE, now: before })).toEqual({ available: false, reason: 'departureThatDay' });
    expect(availability({ extra: early, stay, others: [], held: [], zone: ZONE, now: stay.checkIn })).toEqual({ available: false, reason: 'stayBegun' });
    expect(availability({ extra: extra({ kind: 'early-checkin', earlyCheckinFrom: '16:00' }), stay, others: [], held: [], zone: ZONE, now: before })).toEqual({ available: false, reason: 'alreadyEarlier' });
  });
});

describe('items', () => {
  it('are offered up to their most per stay, counting quantities', () => {
    expect(availability({ extra: basket, stay, others: [], held: [{ extraId: 2, quantity: 1, confirmed: false }], zone: ZONE, now })).toEqual({ available: true, movesTo: null });
    expect(availability({ extra: basket, stay, others: [], held: [{ extraId: 2, quantity: 2, confirmed: false }], zone: ZONE, now })).toEqual({ available: false, reason: 'alreadyOrdered' });
    // Another extra's orders do not count.
    expect(availability({ extra: basket, stay, others: [], held: [{ extraId: 1, quantity: 5, confirmed: false }], zone: ZONE, now }).available).toBe(true);
  });

  it('count the quantity asked for: one held of two leaves room for one more, not two', () => {
    const held = [{ extraId: 2, quantity: 1, confirmed: false }];
    expect(availability({ extra: basket, stay, others: [], held, zone: ZONE, now, quantity: 1 }).available).toBe(true);
    expect(availability({ extra: basket, stay, others: [], held, zone: ZONE, now, quantity: 2 })).toEqual({ available: false, reason: 'alreadyOrdered' });
    expect(availability({ extra: basket, stay, others: [], held: [], zone: ZONE, now, quantity: 2 }).available).toBe(true);
  });
});

describe('a stay’s times after an order moved them', () => {
  const row = { check_in: stay.checkIn, check_out: stay.checkOut, early_checkin_from: null, late_checkout_until: null };

  it('takes a later check-out and an earlier check-in within a day of the booking’s own', () => {
    expect(effectiveStayTimes({ ...row, late_checkout_until: stay.checkOut + 4 * HOUR, early_checkin_from: stay.checkIn - 4 * HOUR })).toEqual({ checkIn: stay.checkIn - 4 * HOUR, checkOut: stay.checkOut + 4 * HOUR });
  });

  it('leaves a moved time behind when a calendar sync moved the booking to other days', () => {
    expect(effectiveStayTimes({ ...row, check_out: stay.checkOut + 3 * 24 * HOUR, late_checkout_until: stay.checkOut + 4 * HOUR })).toEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut + 3 * 24 * HOUR });
  });
});
