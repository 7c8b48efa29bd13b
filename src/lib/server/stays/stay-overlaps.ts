import type { Kysely, Transaction } from 'kysely';
import type { Database, StaysTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { StayOverlap } from '@shared/schemas/stay.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { AppError } from '../http/app-error.ts';
import { effectiveStayTimes, type StayTimes } from '../guidebook/stay-window.ts';

/**
 * One guidebook is one property: two stays may not hold it at once (docs/product/stays.md). Stays
 * overlap when one's check-in is before the other's check-out, each taken with its sold late
 * check-out or early check-in (effectiveStayTimes); a turnover day (out at 11:00, in at 15:00) is
 * not an overlap. A stay added or moved by hand or through the API over another is refused with
 * 409 naming the other, unless the host says "Add anyway" (recorded on the stay); the calendar's
 * stays are kept as the calendar says and flagged, both in the Stays view and to the host by mail.
 */
type Db = Kysely<Database> | Transaction<Database>;

const DAY = 86_400_000;

type Times = Pick<StaysTable, 'id' | 'check_in' | 'check_out' | 'early_checkin_from' | 'late_checkout_until'>;

/** Whether two stays' times (their sold extra times included) share any moment. */
export function overlaps(a: StayTimes, b: StayTimes): boolean {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;
}

/**
 * The stays of guidebook `instructionId` that overlap `times` (a stay's row as it would be
 * written), `times.id` itself left out, earliest first. SQL narrows to the stays within a day of
 * it (a sold extra time moves a stay by less than a day); the rest is effectiveStayTimes.
 */
export async function overlappingStays(db: Db, instructionId: string, times: Times): Promise<StaysTable[]> {
  const mine = effectiveStayTimes(times);
  const near = await db
    .selectFrom('stays')
    .selectAll()
    .where('instruction_id', '=', instructionId)
    .where('id', '!=', times.id)
    .where('check_in', '<', mine.checkOut + DAY)
    .where('check_out', '>', mine.checkIn - DAY)
    .orderBy('check_in')
    .execute();
  return near.filter((other) => overlaps(mine, effectiveStayTimes(other)));
}

/** How the API names a stay another one overlaps. */
export function toOverlap(stay: StaysTable): StayOverlap {
  const times = effectiveStayTimes(stay);
  return {
    _id: stay.id,
    guestName: stay.guest_name,
    source: stay.calendar_uid === null ? 'manual' : 'calendar',
    checkInAt: new Date(times.checkIn).toISOString(),
    checkOutAt: new Date(times.checkOut).toISOString(),
    lateCheckout: times.checkOut !== stay.check_out,
    earlyCheckin: times.checkIn !== stay.check_in,
  };
}

/** "Dana’s stay (Sun 29 Nov, 15:00 – Wed 2 Dec, 14:00, with a late check-out)", where the property is. */
export function overlapLabel(stay: StaysTable, zone: string): string {
  const times = effectiveStayTimes(stay);
  const extra = times.checkOut !== stay.check_out ? ', with a late check-out' : times.checkIn !== stay.check_in ? ', with an early check-in' : '';
  const whose = stay.guest_name ? `${stay.guest_name}’s stay` : stay.calendar_uid === null ? 'a stay' : 'a stay from your calendar';
  return `${whose} (${formatStayTime(times.checkIn, zone)} – ${formatStayTime(times.checkOut, zone)}${extra})`;
}

/** 409 naming the stays `times` would overlap, unless the host confirmed it (`allowOverlap`). Answers whether it overlaps (to record the confirmation). */
export async function refuseOverlap(db: Db, instructionId: string, times: Times, zone: string, allowOverlap: boolean): Promise<boolean> {
  const others = await overlappingStays(db, instructionId, times);
  if (others.length === 0) return false;
  if (allowOverlap) return true;
  throw new AppError('CONFLICT', messages.stays.overlaps(others.map((other) => overlapLabel(other, zone))), { details: { overlaps: others.map(toOverlap) } });
}

/**
 * For each of `stays` (one page of the Stays view), the other stays of its guidebook it overlaps,
 * in one read of the stays near the page's span.
 */
export async function overlapsOf(db: Db, instructionId: string, stays: readonly StaysTable[]): Promise<Map<string, StayOverlap[]>> {
  const found = new Map<string, StayOverlap[]>(stays.map((stay) => [stay.id, []]));
  if (stays.length === 0) return found;
  const from = Math.min(...stays.map((stay) => stay.check_in)) - DAY;
  const until = Math.max(...stays.map((stay) => stay.check_out)) + DAY;
  const near = await db.selectFrom('stays').selectAll().where('instruction_id', '=', instructionId).where('check_in', '<', until).where('check_out', '>', from).execute();
  for (const stay of stays) {
    const mine = effectiveStayTimes(stay);
    found.set(
      stay.id,
      near.filter((other) => other.id !== stay.id && overlaps(mine, effectiveStayTimes(other))).map(toOverlap),
    );
  }
  return found;
}
