import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';

/**
 * GUEST_DATA_DAYS as the configuration reads it (docs/decisions/029-pms-connectors.md §10): the
 * days after check-out from which a booking system's guest details are erased. Not marked
 * `// @no-database`: config.ts reads DATABASE_URL too, which the marker's check refuses.
 */
describe('GUEST_DATA_DAYS in the configuration', () => {
  it('is 30 when unset or empty, and takes a whole number of days from 1 to 3650', () => {
    expect(parseConfig({}).guestDataDays).toBe(30);
    expect(parseConfig({ GUEST_DATA_DAYS: '' }).guestDataDays).toBe(30);
    expect(parseConfig({ GUEST_DATA_DAYS: '1' }).guestDataDays).toBe(1);
    expect(parseConfig({ GUEST_DATA_DAYS: ' 90 ' }).guestDataDays).toBe(90);
    expect(parseConfig({ GUEST_DATA_DAYS: '3650' }).guestDataDays).toBe(3650);
  });

  it('stops the start on anything else, naming the variable and the range', () => {
    for (const value of ['0', '-5', '3651', '7.5', 'thirty', '1e9']) {
      expect(() => parseConfig({ GUEST_DATA_DAYS: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ GUEST_DATA_DAYS: value }), value).toThrow(/GUEST_DATA_DAYS: expected a whole number of days from 1 to 3650, such as 30/);
    }
  });
});
