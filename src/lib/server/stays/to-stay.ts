import type { GuestSection } from '@shared/insights.ts';
import type { StaysTable } from '@db/schema.ts';
import type { StayOrder } from '@shared/schemas/order.ts';
import { PMS_LABELS, type PmsSystem } from '@shared/pms-systems.ts';
import type { Stay, StayOverlap } from '@shared/schemas/stay.ts';
import { effectiveTimeZone, instantToLocal } from '@shared/time-zone.ts';
import type { Config } from '../platform/config.ts';
import { effectiveStayTimes, stayStatus } from '../guidebook/stay-window.ts';
import { stayUrl } from './stay-link.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A stay row, with the booking system its integration names when it has one (stays/pms-stays.ts reads it). */
export type StayRow = StaysTable & { pms_system?: PmsSystem | null };

/** A stored stay as the owner's API answers it, its times shown in the guidebook's zone, with the extras its guest ordered. */
export function toStay(row: StayRow, timeZone: string, config: Pick<Config, 'appUrl' | 'stayLinkDays'>, now = Date.now(), orders: StayOrder[] = [], read: GuestSection[] = [], overlaps: StayOverlap[] = []): Stay {
  const times = effectiveStayTimes(row);
  return {
    _id: row.id,
    token: row.token,
    url: stayUrl(config, row.token),
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    language: row.language,
    checkIn: instantToLocal(times.checkIn, timeZone),
    checkOut: instantToLocal(times.checkOut, timeZone),
    checkInAt: new Date(times.checkIn).toISOString(),
    checkOutAt: new Date(times.checkOut).toISOString(),
    timeZone: effectiveTimeZone(timeZone),
    source: row.calendar_uid === null ? 'manual' : 'calendar',
    pms: row.pms_reservation_id !== null && row.pms_system ? { system: row.pms_system, label: PMS_LABELS[row.pms_system] } : null,
    guestPhone: row.guest_phone,
    guestCount: row.guest_count,
    hostNote: row.host_note,
    channel: row.channel,
    status: stayStatus(times, config.stayLinkDays, now),
    reveals: { first: iso(row.first_revealed_at), last: iso(row.last_revealed_at), count: row.reveal_count },
    opens: { first: iso(row.first_opened_at), last: iso(row.last_opened_at), count: row.open_count },
    read,
    orders,
    reminderSentAt: iso(row.reminder_sent_at),
    linkMailedAt: iso(row.link_mailed_at),
    overlaps,
    overlapAcceptedAt: iso(row.overlap_accepted_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
