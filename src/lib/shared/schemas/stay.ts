/**
 * Stays: one booking of a guidebook, with its own guest link. Shared by the Stays tab's
 * forms and the API.
 *
 * ## API contract (owner only, like every /api/instruction/:id route; errors are `{ message }`)
 * - `GET /api/instruction/:id/stays?group=&limit=&cursor=` → `StaysPage`: one page of one group
 *   (`current`, `upcoming` (the default) or `past`), `limit` stays (default 20, at most 100),
 *   current and upcoming soonest check-in first, past latest first; `next` is the `cursor` of
 *   the page after (null on the last); `counts` has each group's total and `calendar` the feed's
 *   status. Anything else in the query → 400 `{ message }`.
 * - `POST /api/instruction/:id/stays` `{ guestName?, guestEmail?, language?, channel?, checkIn, checkOut, allowOverlap? }`
 *   (wall-clock "YYYY-MM-DDTHH:mm" in the guidebook's time zone, or a day "YYYY-MM-DD" alone:
 *   then at the guidebook's check-in or check-out time, 15:00 and 11:00 when it has none)
 *   → 201 `{ message, stay }`; 409 `{ message, overlaps: StayOverlap[] }` when it overlaps other
 *   stays of the guidebook (their sold late check-outs and early check-ins included), unless
 *   `allowOverlap` is true ("Add anyway", recorded as `overlapAcceptedAt`); 429 past 200 stay
 *   writes an hour.
 * - `PATCH /api/instruction/:id/stays/:stayId` (any of the same fields, and `hostNote`) → `{ message, stay, orders }`:
 *   new dates take the stay's late check-out or early check-in along when that slot is free, else
 *   it ends with its money given back (`orders`: what became of each, docs/product/extras-and-orders.md).
 *   `channel` (`direct`, `airbnb`, `booking`, `vrbo`, `other`) is where the stay was booked: what
 *   its guest is offered follows the guidebook's `channelRules`; a calendar stay's channel set
 *   here is kept by every later sync (docs/decisions/028 §10). A booking system's stay (`pms`)
 *   answers 409 to new dates, channel, name or e-mail (the system's); its language and note change.
 * - `DELETE /api/instruction/:id/stays/:stayId[?orders=refund|keep]` → `{ message }`; the stay link
 *   answers 404 at once. A stay with orders paid or waiting answers 409 `{ message, orders }`
 *   unless `orders` says what becomes of them: `refund` ends them all (money back), `keep` keeps
 *   what was paid or approved and ends what waits. A booking system's stay answers 409 (cancel it there).
 * - `POST /api/instruction/:id/stays/:stayId/send` `{ email? }` (the stay's guest e-mail when
 *   omitted) → `{ message }`: the link, and only the link, by e-mail through the outbox.
 * - `PUT /api/instruction/:id/calendar` `{ url }` ('' removes it) → `{ message, calendar }`, the
 *   calendar's `channel` read from the link's host (src/lib/shared/channels.ts);
 *   `POST /api/instruction/:id/calendar` syncs now → `{ message, calendar }`.
 * - `GET /stay/:token`: the guest page of the stay; 410 from `STAY_LINK_DAYS` days after check-out.
 * - `GET /api/guest/:token/secrets` (public; guidebook or stay token; `x-guest-pin` for a PIN)
 *   → `{ code, wifiPassword, wifiQr, until }`, or 403 `{ message, availableFrom, pinRequired }`.
 */
import type { GuestSection } from '../insights.ts';
import { z } from 'zod';
import { CHANNELS, type Channel } from '../channels.ts';
import type { PmsSystem } from '../pms-systems.ts';
import { messages } from '../messages.ts';
import { MAX_STAY_DAYS, MAX_STAYS_AHEAD } from '../stay-limits.ts';
import { LOCAL_DATE, LOCAL_DATE_TIME } from '../time-zone.ts';
import { EMAIL_MAX } from './auth.ts';
import { singleLine } from './instruction.ts';
import type { StayOrder } from './order.ts';

const text = messages.stays;

export const MAX_GUEST_NAME = 100;
export { MAX_STAY_DAYS, MAX_STAYS_AHEAD };

/** A wall-clock time, or a day alone (the server adds the guidebook's usual time). */
const localDateTime = (label: string) =>
  z
    .string({ error: text.dateRequired(label) })
    .trim()
    .refine((value) => LOCAL_DATE_TIME.test(value) || LOCAL_DATE.test(value), text.dateRequired(label));

const guestEmail = z
  .string({ error: text.emailInvalid })
  .trim()
  .max(EMAIL_MAX, text.emailInvalid)
  .transform((value) => value.toLowerCase())
  .refine((value) => value === '' || z.email().safeParse(value).success, text.emailInvalid);

/** A BCP 47 language tag as browsers give them ("en", "pt-BR"); '' for the guidebook's own. */
const language = z
  .string({ error: text.languageInvalid })
  .trim()
  .refine((value) => value === '' || /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(value), text.languageInvalid);

const stayFields = {
  guestName: singleLine('The guest name', MAX_GUEST_NAME),
  guestEmail,
  language,
  checkIn: localDateTime('check-in'),
  checkOut: localDateTime('check-out'),
  channel: z.enum(CHANNELS, { error: messages.channels.channelInvalid }),
};

/** "Add anyway": the host adds or moves a stay over another on purpose (docs/product/stays.md). */
const allowOverlap = z.boolean({ error: text.allowOverlapInvalid }).optional();

export const createStaySchema = z.object(
  {
    guestName: stayFields.guestName.default(''),
    guestEmail: stayFields.guestEmail.default(''),
    language: stayFields.language.default(''),
    channel: stayFields.channel.optional(),
    checkIn: stayFields.checkIn,
    checkOut: stayFields.checkOut,
    allowOverlap,
  },
  { error: text.dateRequired('check-in') },
);

/** The host's own note on a stay, never shown to its guest: plain text, line breaks kept (docs/decisions/029-pms-connectors.md §4). */
export const MAX_HOST_NOTE = 2_000;
const hostNote = z
  .string({ error: text.noteInvalid })
  .trim()
  .max(MAX_HOST_NOTE, text.noteInvalid)
  // eslint-disable-next-line no-control-regex -- control characters but the line break and the tab are refused
  .refine((value) => !/[\u0000-\u0008\u000B-\u001F\u007F]/.test(value), text.noteInvalid);

export const updateStaySchema = z.object({ ...stayFields, hostNote, allowOverlap }, { error: text.nothingToChange }).partial();

/** `DELETE …/stays/:stayId?orders=refund|keep`: what becomes of the paid orders of a stay that has some. */
export const STAY_ORDERS_CHOICES = ['refund', 'keep'] as const;
export type StayOrdersChoice = (typeof STAY_ORDERS_CHOICES)[number];

export const sendStaySchema = z.object({ email: guestEmail.optional() }, { error: text.emailInvalid });

export const calendarSchema = z.object(
  {
    url: z
      .string({ error: text.calendarUrlInvalid })
      .trim()
      .max(2048, text.calendarUrlInvalid)
      // webcal:// is how calendar apps hand out the same https feed.
      .transform((value) => value.replace(/^webcal:\/\//i, 'https://'))
      .refine((value) => value === '' || /^https:\/\/[^\s]+$/i.test(value), text.calendarUrlInvalid),
  },
  { error: text.calendarUrlInvalid },
);

/** The Stays view's groups, as `stayStatus` places a stay ('ended' is in `past`). */
export const STAY_GROUPS = ['current', 'upcoming', 'past'] as const;
export type StayGroup = (typeof STAY_GROUPS)[number];
export const STAYS_PAGE_DEFAULT = 20;
export const STAYS_PAGE_MAX = 100;

/** The query of `GET /api/instruction/:id/stays`; a cursor is opaque: the `next` of the page before. */
export const staysQuerySchema = z.object(
  {
    group: z.enum(STAY_GROUPS, { error: text.staysQueryInvalid }).default('upcoming'),
    limit: z.coerce.number({ error: text.staysQueryInvalid }).int(text.staysQueryInvalid).min(1, text.staysQueryInvalid).max(STAYS_PAGE_MAX, text.staysQueryInvalid).default(STAYS_PAGE_DEFAULT),
    cursor: z.string().regex(/^\d{1,15}\.[\w-]{1,64}$/, text.staysQueryInvalid).optional(),
  },
  { error: text.staysQueryInvalid },
);

export type StaysQuery = z.output<typeof staysQuerySchema>;
export type CreateStayInput = z.input<typeof createStaySchema>;
export type UpdateStayInput = z.input<typeof updateStaySchema>;

/** Where a stay is in its life, at the time of the answer. */
export type StayStatus = 'upcoming' | 'current' | 'past' | 'ended';

/** Another stay of the same guidebook that a stay overlaps (docs/product/stays.md). */
export interface StayOverlap {
  _id: string;
  guestName: string;
  source: 'manual' | 'calendar';
  /** ISO 8601 instants, with a sold early check-in or late check-out. */
  checkInAt: string;
  checkOutAt: string;
  lateCheckout: boolean;
  earlyCheckin: boolean;
}

/** A stay as the owner's API answers it. */
/** The stay card's door code line (docs/decisions/030-smart-locks.md §13). */
export type StayDoorCode = 'set' | 'setting' | 'backup' | 'failed' | 'offline' | 'off';

export interface Stay {
  _id: string;
  token: string;
  /** The stay's own guest link. */
  url: string;
  guestName: string;
  guestEmail: string;
  language: string;
  /** Wall clock in `timeZone`, "YYYY-MM-DDTHH:mm". */
  checkIn: string;
  checkOut: string;
  /** ISO 8601 instants. */
  checkInAt: string;
  checkOutAt: string;
  timeZone: string;
  /** `calendar` when the guidebook's calendar feed made it (a sync moves or drops it). */
  source: 'manual' | 'calendar';
  /**
   * The booking system it comes from (docs/decisions/029-pms-connectors.md §8), or null: its dates,
   * channel and guest are the system's, and only its language and note change here.
   */
  pms: { system: PmsSystem; label: string } | null;
  /** From a booking system only; '' otherwise, and for a member who may not see secrets. */
  guestPhone: string;
  /** Adults and children, from a booking system; null when not known. */
  guestCount: number | null;
  /** The host's own note, never shown to the guest. */
  hostNote: string;
  /** Where it was booked: decides what its guest is offered (the guidebook's `channelRules`). */
  channel: Channel;
  status: StayStatus;
  /** When the gated door code and Wi-Fi password were first and last shown on this link, and how often. */
  reveals: { first: string | null; last: string | null; count: number };
  /** When its guest first and last opened the link, and how often (docs/product/insights.md). */
  opens: { first: string | null; last: string | null; count: number };
  /** The sections its guest read, in the page's order. */
  read: GuestSection[];
  /** The extras its guest ordered, oldest first (checkouts never paid left out). */
  orders: StayOrder[];
  /** When the reminder before arrival went to a guest who had not opened the link (docs/product/insights.md), or null. */
  reminderSentAt: string | null;
  /** On a guidebook with a smart lock (docs/product/locks.md): where the stay's own door code stands; absent or null without one. */
  doorCode?: StayDoorCode | null;
  /** Notes under the door code line: an offline code's window and first-use rule, an earlier offline code still running (never digits). */
  doorCodeNotes?: string[];
  /** The delete dialog's warning when the stay's offline code keeps working after a deletion, or null. */
  doorCodeOnDelete?: string | null;
  /** When the stay link went to a booking system's guest by itself, before arrival (docs/decisions/029 §9), or null. */
  linkMailedAt: string | null;
  /** The other stays of the guidebook it overlaps (the calendar's are kept and flagged; by hand only with "Add anyway"). */
  overlaps: StayOverlap[];
  /** When the host added or moved it over another on purpose ("Add anyway"), or null. */
  overlapAcceptedAt: string | null;
  createdAt: string;
}

/** `GET /api/instruction/:id/stays`: one page of one group. */
export interface StaysPage {
  group: StayGroup;
  stays: Stay[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** Stays in each group now. */
  counts: Record<StayGroup, number>;
  /** The booking calendar and its last sync; null when the guidebook has none. */
  calendar: CalendarStatus | null;
  /** The booking system the guidebook is mapped to (its stays and guest mails come from it), or null. */
  pms: { system: PmsSystem; label: string } | null;
}

/** The calendar feed of a guidebook and how its last sync went. */
export interface CalendarStatus {
  url: string;
  /** The channel its stays are booked on, read from the link's host (`other` for one it does not know). */
  channel: Exclude<Channel, 'direct'>;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Why the last sync failed; null when it worked. */
  lastError: string | null;
}
