import { en } from './en.ts';

/**
 * Dates, times and distances as the guest page writes them: plain Intl, in the locale a
 * dictionary names (`locale.format`), English's when none is given. The one place they are
 * formatted: src/lib/shared/guest-dates.ts words every date a guest reads through here (in the
 * page's language), time-zone.ts the host's.
 */
const DEFAULT_LOCALE: string = en['locale.format'];

const dateTimes = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let format = dateTimes.get(key);
  if (!format) {
    const time = withTime ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
    format = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', ...time });
    dateTimes.set(key, format);
  }
  return format;
}

/** "Fri 4 Dec, 15:00" at `instant` in `timeZone` (an IANA name). */
export function formatDateTime(instant: number, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  return dateTimeFormat(locale, timeZone, true).format(new Date(instant));
}

/** "Fri 4 Dec, 15:00 – Mon 7 Dec, 10:00": two instants as one range, in the locale's own way of writing one. */
export function formatDateTimeRange(from: number, to: number, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  return dateTimeFormat(locale, timeZone, true).formatRange(new Date(from), new Date(to));
}

/** "Fri 4 Dec" at `instant` in `timeZone`. */
export function formatDate(instant: number, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  return dateTimeFormat(locale, timeZone, false).format(new Date(instant));
}

/** "350 m" below a kilometre, else "1.2 km" (one decimal below 10 km, none above). */
export function formatDistance(meters: number, locale: string = DEFAULT_LOCALE): string {
  if (Math.round(meters) < 1000) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  const kilometers = meters / 1000;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: kilometers < 10 ? 1 : 0 }).format(kilometers);
}
