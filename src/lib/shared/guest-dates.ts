import { formatDate, formatDateTime, formatDateTimeRange } from './guest-words/formats.ts';
import { guestWords, speaksLanguage } from './guest-words/index.ts';
import { guidebookLanguageOf } from './languages.ts';
import { effectiveTimeZone } from './time-zone.ts';

/**
 * Every date and time a guest reads (a guest page, a stay page, an island's words, a guest mail)
 * is written here: in the property's time zone, through Intl, in the page's or the stay's
 * language. The host's dashboard uses time-zone.ts's `formatStayTime` (English) instead.
 *
 * `language` is a guidebook language (languages.ts) or a guest page's: one with guest words is
 * written in its dictionary's `locale.format` ("en" → en-GB, "pt" → pt-PT), any other in the
 * language itself ("ja", "nb"), so a Japanese page shows Japanese dates around English words.
 */
export function guestDateLocale(language: string): string {
  const tag = guidebookLanguageOf(language);
  if (tag === null) return guestWords()['locale.format'];
  return speaksLanguage(tag) ? guestWords(tag)['locale.format'] : tag;
}

/** "So., 29. Nov., 15:00" (de), "Sun 29 Nov, 15:00" (en): one instant where the property is. */
export function formatGuestDateTime(instant: number, zone: string, language: string): string {
  return formatDateTime(instant, effectiveTimeZone(zone), guestDateLocale(language));
}

/** "So., 29. Nov." (de): the day alone. */
export function formatGuestDate(instant: number, zone: string, language: string): string {
  return formatDate(instant, effectiveTimeZone(zone), guestDateLocale(language));
}

/**
 * A stay from check-in to check-out as one range, the way the language writes one:
 * "Sun 29 Nov, 15:00 – Wed 2 Dec, 10:00" (en), "So., 29. Nov., 15:00 – Mi., 2. Dez., 10:00" (de),
 * "11/29(日) 15:00～12/2(水) 10:00" (ja).
 */
export function formatGuestStay(checkIn: number, checkOut: number, zone: string, language: string): string {
  return formatDateTimeRange(checkIn, checkOut, effectiveTimeZone(zone), guestDateLocale(language));
}
