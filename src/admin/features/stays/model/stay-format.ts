import type { GuestSection } from '@shared/insights.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { DEFAULT_STAY_TIMES, effectiveTimeZone, formatStayDate, formatStayTime, instantToLocal, LOCAL_DATE_TIME, type StayTimes } from '@shared/time-zone.ts';

/**
 * How the Stays view words a stay. Every time is shown where the property is
 * (the guidebook's time zone, named beside it), the way guests read them on their link.
 */

const DAY = 86_400_000;

/** "Fri 4 Dec, 15:00" where the property is. */
export function stayTime(iso: string, zone: string): string {
  return formatStayTime(Date.parse(iso), zone);
}

/** "Fri 4 Dec" where the property is. */
export function stayDate(iso: string, zone: string): string {
  return formatStayDate(Date.parse(iso), zone);
}

/** "2 guests" from a booking system's count, or null when it is not known. */
export function guestCountText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count === 1 ? '1 guest' : `${count} guests`;
}

/** Nights between the check-in and check-out dates on the property's calendar. */
export function nights(stay: Pick<Stay, 'checkIn' | 'checkOut'>): number {
  const day = (local: string) => {
    const match = LOCAL_DATE_TIME.exec(local);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  };
  const count = Math.round((day(stay.checkOut) - day(stay.checkIn)) / DAY);
  return Number.isFinite(count) ? Math.max(count, 0) : 0;
}

/**
 * "Fri 14:03" within the last six days, "Fri 4 Dec, 14:03" before that: a moment recent enough
 * to name by its weekday is named so.
 */
export function momentText(iso: string, zone: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (now - at < 6 * DAY && at <= now) {
    return new Intl.DateTimeFormat('en-GB', { timeZone: effectiveTimeZone(zone), weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(at))
      .replace(',', '');
  }
  return formatStayTime(at, zone);
}

/** What a host calls each section a guest read (docs/product/insights.md). */
const READ_WORDS: Record<Exclude<GuestSection, 'access' | 'contact'>, string> = {
  checkin: 'check-in steps',
  wifi: 'Wi-Fi',
  rules: 'house rules',
  places: 'recommendations',
  extras: 'extras',
};

/**
 * "Opened Tue 18:02 · 3 times · read check-in steps and house rules · code viewed", or "Not
 * opened yet": whether the guest opened the stay's link before arriving. The door code is said
 * here only when no "Code viewed" line (gated reveals) says it already.
 */
export function openedText(stay: Pick<Stay, 'opens' | 'read' | 'reveals' | 'timeZone'>, now = Date.now()): string {
  if (stay.opens.count === 0 || !stay.opens.first) return 'Not opened yet';
  const parts = [`Opened ${momentText(stay.opens.first, stay.timeZone, now)}`];
  if (stay.opens.count > 1) parts.push(`${stay.opens.count} times`);
  const read = stay.read.filter((section) => section !== 'access' && section !== 'contact').map((section) => READ_WORDS[section as keyof typeof READ_WORDS]);
  if (read.length > 0) parts.push(`read ${new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(read)}`);
  if (stay.read.includes('access') && stay.reveals.count === 0) parts.push('code viewed');
  if (stay.read.includes('contact')) parts.push('contacted you');
  return parts.join(' · ');
}

/** "Code viewed Fri 14:03 · 3 times"; null before the first time. */
export function revealText(reveals: Stay['reveals'], zone: string, now = Date.now()): string | null {
  if (reveals.count === 0 || !reveals.last) return null;
  const times = reveals.count === 1 ? 'once' : `${reveals.count} times`;
  return `Code viewed ${momentText(reveals.last, zone, now)} · ${times}`;
}

/** "Reminder sent Tue 18:02" once the reminder before arrival went (docs/product/insights.md); null before. */
export function reminderText(sentAt: string | null, zone: string, now = Date.now()): string | null {
  return sentAt ? `Reminder sent ${momentText(sentAt, zone, now)}` : null;
}

/** "Link mailed Tue 18:02" once a booking system's guest got the stay link by itself (docs/decisions/029 §9); null before. */
export function linkMailedText(sentAt: string | null, zone: string, now = Date.now()): string | null {
  return sentAt ? `Link mailed ${momentText(sentAt, zone, now)}` : null;
}

/**
 * A new stay's first guess: check-in tomorrow, check-out three nights later, at the guidebook's
 * usual times (15:00 and 11:00 when it has none), where the property is.
 */
export function suggestedDates(zone: string, times: StayTimes = DEFAULT_STAY_TIMES, now = Date.now()): { checkIn: string; checkOut: string } {
  const [year, month, day] = instantToLocal(now, zone).slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = (offset: number) => new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
  return { checkIn: `${date(1)}T${times.checkIn}`, checkOut: `${date(4)}T${times.checkOut}` };
}

/**
 * "Overlaps Dana’s stay (Fri 4 Dec – Mon 7 Dec, with a late check-out) · added anyway": the other
 * stays this one shares the property with (docs/product/stays.md); null when none.
 */
export function overlapText(stay: Pick<Stay, 'overlaps' | 'overlapAcceptedAt' | 'timeZone'>): string | null {
  if (stay.overlaps.length === 0) return null;
  const named = stay.overlaps.map((other) => {
    const whose = other.guestName ? `${other.guestName}’s stay` : other.source === 'calendar' ? 'a stay from your calendar' : 'an unnamed stay';
    const extra = other.lateCheckout ? ', with a late check-out' : other.earlyCheckin ? ', with an early check-in' : '';
    return `${whose} (${stayDate(other.checkInAt, stay.timeZone)} – ${stayDate(other.checkOutAt, stay.timeZone)}${extra})`;
  });
  return `Overlaps ${new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(named)}${stay.overlapAcceptedAt ? ' · added anyway' : ''}`;
}

/** The stay's name in lists and titles: the guest's, or a stand-in (calendar bookings often have none). */
export function guestLabel(stay: Pick<Stay, 'guestName'>): string {
  return stay.guestName || 'Unnamed guest';
}
