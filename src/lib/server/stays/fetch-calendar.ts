import { messages } from '@shared/messages.ts';
import { DEFAULT_STAY_TIMES, type StayTimes } from '@shared/time-zone.ts';
import type { Config } from '../platform/config.ts';
import { isBlockedAddress } from '../geo/is-blocked-address.ts';
import { checkFetchUrl, safeFetch, SafeFetchError, systemResolve, type SafeFetchOptions } from '../geo/safe-fetch.ts';
import { AppError } from '../http/app-error.ts';
import type { Logger } from '../platform/logger.ts';
import { readCalendar } from './read-calendar.ts';
import type { CalendarImport } from './select-bookings.ts';

/**
 * Fetches a guidebook's calendar feed through the one SSRF-safe fetch (docs/security.md 32): https
 * only, the connected address checked, redirects re-checked, 5 s, and 2 MB (a year of bookings is
 * a few dozen KB). No host allowlist: every booking platform has its own host.
 */
export const CALENDAR_MAX_BYTES = 2 * 1024 * 1024;

export type CalendarFetch =
  | { ok: true; calendar: CalendarImport }
  /** `refused`: the link may never be fetched (its address), as opposed to a failure that may pass. */
  | { ok: false; refused: boolean; error: string; cause: string };

type CalendarConfig = Pick<Config, 'appUrl' | 'testCalendarResolve'>;

export function calendarFetchOptions(config: CalendarConfig): SafeFetchOptions {
  const options: SafeFetchOptions = {
    allowHosts: 'any',
    maxBytes: CALENDAR_MAX_BYTES,
    userAgent: `Porchlight/1.0 (calendar import; +${config.appUrl.origin})`,
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
  };
  const seam = config.testCalendarResolve;
  if (!seam) return options;
  // NODE_ENV=test only (config.ts): one name reaches one loopback stand-in; every other address
  // is checked as in production.
  return {
    ...options,
    resolveHost: (hostname) => (hostname.toLowerCase() === seam.host ? Promise.resolve([{ address: seam.address, family: 4 }]) : systemResolve(hostname)),
    isBlocked: (address) => address !== seam.address && isBlockedAddress(address),
  };
}

/** 400 for a link that may never be fetched (a private or loopback address, credentials in it). */
export function checkCalendarUrl(url: string, config: CalendarConfig): void {
  try {
    checkFetchUrl(url, calendarFetchOptions(config));
  } catch (error) {
    throw new AppError('BAD_REQUEST', messages.stays.calendarRefused, { cause: error });
  }
}

/** A few words on why the connection failed, for the host ("could not be reached (timeout)"). */
function whyUnreachable(error: SafeFetchError): string {
  if (error.reason === 'timeout') return 'timeout';
  if (error.reason === 'too-many-redirects') return 'too many redirects';
  if (/ENOTFOUND|EAI_AGAIN|has no address/.test(error.message)) return 'unknown host';
  if (/ECONNREFUSED/.test(error.message)) return 'connection refused';
  if (/certificate|self.signed|CERT_|SSL|TLS/i.test(error.message)) return 'certificate problem';
  return 'network error';
}

/**
 * Fetches `url` and reads it in the calendar worker (read-calendar.ts) as bookings in `timeZone`,
 * all-day ones at the `allDay` times; never throws: a failure is a short message for the host and
 * a cause for the log.
 */
export async function fetchCalendar(url: string, timeZone: string, config: CalendarConfig, log: Logger, allDay: StayTimes = DEFAULT_STAY_TIMES): Promise<CalendarFetch> {
  let result;
  try {
    result = await safeFetch(url, calendarFetchOptions(config));
  } catch (error) {
    const failure = error instanceof SafeFetchError ? error : new SafeFetchError('network', String(error));
    if (failure.reason === 'refused') return { ok: false, refused: true, error: messages.stays.calendarBlocked, cause: failure.message };
    return { ok: false, refused: false, error: messages.stays.calendarUnreachable(whyUnreachable(failure)), cause: `${failure.reason}: ${failure.message}` };
  }
  if (result.status < 200 || result.status > 299) {
    return { ok: false, refused: false, error: messages.stays.calendarAnswered(result.status), cause: `HTTP ${result.status} from ${result.url.host}` };
  }
  if (result.truncated) {
    return { ok: false, refused: false, error: messages.stays.calendarTooLarge(CALENDAR_MAX_BYTES / 1024 / 1024), cause: `more than ${CALENDAR_MAX_BYTES} bytes` };
  }
  const read = await readCalendar(result.body, timeZone, { now: Date.now(), log, allDay });
  if (read.ok) return read;
  return { ok: false, refused: false, error: read.error, cause: `${read.cause} (content-type ${result.contentType || 'none'})` };
}
