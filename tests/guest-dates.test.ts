// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGuestDate, formatGuestDateTime, formatGuestStay, guestDateLocale } from '../src/lib/shared/guest-dates.ts';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * Every date a guest reads is written by src/lib/shared/guest-dates.ts, in the page's or the
 * stay's language (docs/product/guest-languages.md). The second half reads the code that
 * writes what guests see and read (pages, islands, stay pages, guest mails) and finds dates
 * written any other way: the host's English `formatStayTime`, a bare Intl format, `toLocale…`.
 */
const ZONE = 'Europe/Zagreb';
const CHECK_IN = Date.UTC(2026, 10, 29, 14, 0);
const CHECK_OUT = Date.UTC(2026, 11, 2, 9, 0);

describe('guest dates', () => {
  it('writes an instant, a day and a stay in the language given, where the property is', () => {
    expect(formatGuestDateTime(CHECK_IN, ZONE, 'en')).toBe('Sun 29 Nov, 15:00');
    expect(formatGuestDateTime(CHECK_IN, ZONE, 'de')).toBe('So., 29. Nov., 15:00');
    expect(formatGuestDateTime(CHECK_IN, ZONE, 'fr')).toBe('dim. 29 nov., 15:00');
    expect(formatGuestDate(CHECK_IN, ZONE, 'de')).toBe('So., 29. Nov.');
    expect(formatGuestStay(CHECK_IN, CHECK_OUT, ZONE, 'en')).toBe('Sun 29 Nov, 15:00\u2009–\u2009Wed 2 Dec, 10:00');
    expect(formatGuestStay(CHECK_IN, CHECK_OUT, ZONE, 'de')).toBe('So., 29. Nov., 15:00\u2009–\u2009Mi., 2. Dez., 10:00');
    expect(formatGuestStay(CHECK_IN, CHECK_OUT, ZONE, 'fr')).toBe('dim. 29 nov., 15:00\u2009–\u2009mer. 2 déc., 10:00');
    // A zone never chosen reads as UTC.
    expect(formatGuestDateTime(CHECK_IN, '', 'en')).toBe('Sun 29 Nov, 14:00');
  });

  it('takes the dictionary’s locale where the page has words, else the language itself', () => {
    expect(guestDateLocale('en')).toBe('en-GB');
    expect(guestDateLocale('pt')).toBe('pt-PT');
    expect(guestDateLocale('pt-BR')).toBe('pt-PT');
    expect(guestDateLocale('ja')).toBe('ja');
    expect(guestDateLocale('no')).toBe('nb');
    expect(guestDateLocale('xx')).toBe('en-GB');
    expect(formatGuestDateTime(CHECK_IN, ZONE, 'ja')).toContain('11月29日');
  });
});

/** The code behind what guests see and read; the host's dashboard and host mails are not here. */
const GUEST_ROOTS = [
  'src/components/guest',
  'src/components/poster',
  'src/islands/guest',
  'src/pages/stay',
  'src/pages/instruction',
  'src/lib/server/guest-pages',
  'src/lib/server/stays',
  'src/lib/server/sharing',
  'src/pages/confirm',
];
/** Guest-facing files among host-facing ones: what a guest reads of extras and orders. */
const GUEST_FILES = ['src/lib/server/money/orders/order-mails.ts', 'src/lib/server/money/orders/order-confirmations.ts', 'src/lib/server/money/orders/guest-orders.ts', 'src/lib/server/money/orders/place-order.ts', 'src/islands/orders/ConfirmOrder.tsx'];
const EXTENSIONS = new Set(['.astro', '.ts', '.tsx']);
/**
 * Files that read dates without writing any (a calendar's zone names), or write them for the host
 * alone, in English like the dashboard (a 409 naming the stays a new one overlaps, and the host's
 * mail about overlaps).
 */
const WRITES_NO_DATES = new Set(['src/lib/server/stays/event-times.ts', 'src/lib/server/stays/stay-overlaps.ts']);
/** Ways of writing a date that do not go through guest-dates.ts. */
const ENGLISH_OR_BARE = /\bformatStay(Time|Date)\(|\bformatDate(Time)?\(|\bformatDateTimeRange\(|\.toLocale(Date|Time)?String\(|new Intl\.DateTimeFormat\(|\.toUTCString\(/;

describe('guest-facing code', () => {
  it('writes every date through guest-dates.ts', () => {
    const files = [...GUEST_ROOTS.flatMap((root) => sourceFiles(root, EXTENSIONS)), ...GUEST_FILES].filter((file) => !WRITES_NO_DATES.has(file));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (ENGLISH_OR_BARE.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//') ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
