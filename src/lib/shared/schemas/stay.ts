/**
 * Stays (issue 14): one booking of a guidebook, with its own guest link. Shared by the Stays tab's
 * forms and the API.
 *
 * ## API contract (owner only, like every /api/instruction/:id route; errors are `{ message }`)
 * - `GET /api/instruction/:id/stays` → `{ stays: Stay[], calendar: CalendarStatus | null }`,
 *   soonest check-in first.
 * - `POST /api/instruction/:id/stays` `{ guestName?, guestEmail?, language?, checkIn, checkOut }`
 *   (wall-clock "YYYY-MM-DDTHH:mm" in the guidebook's time zone) → 201 `{ message, stay }`.
 * - `PATCH /api/instruction/:id/stays/:stayId` (any of the same fields) → `{ message, stay }`.
 * - `DELETE /api/instruction/:id/stays/:stayId` → `{ message }`; the stay link answers 404 at once.
 * - `POST /api/instruction/:id/stays/:stayId/send` `{ email? }` (the stay's guest e-mail when
 *   omitted) → `{ message }`: the link, and only the link, by e-mail through the outbox.
 * - `PUT /api/instruction/:id/calendar` `{ url }` ('' removes it) → `{ message, calendar }`;
 *   `POST /api/instruction/:id/calendar` syncs now → `{ message, calendar }`.
 * - `GET /stay/:token`: the guest page of the stay; 410 from `STAY_LINK_DAYS` days after check-out.
 * - `GET /api/guest/:token/secrets` (public; guidebook or stay token; `x-guest-pin` for a PIN)
 *   → `{ code, wifiPassword, wifiQr, until }`, or 403 `{ message, availableFrom, pinRequired }`.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { LOCAL_DATE_TIME } from '../time-zone.ts';
import { EMAIL_MAX } from './auth.ts';
import { singleLine } from './instruction.ts';

const text = messages.stays;

export const MAX_GUEST_NAME = 100;
/** A stay longer than a year is a typing mistake. */
export const MAX_STAY_DAYS = 366;

const localDateTime = (label: string) =>
  z.string({ error: text.dateRequired(label) }).trim().regex(LOCAL_DATE_TIME, text.dateRequired(label));

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
};

export const createStaySchema = z.object(
  {
    guestName: stayFields.guestName.default(''),
    guestEmail: stayFields.guestEmail.default(''),
    language: stayFields.language.default(''),
    checkIn: stayFields.checkIn,
    checkOut: stayFields.checkOut,
  },
  { error: text.dateRequired('check-in') },
);

export const updateStaySchema = z.object(stayFields, { error: text.nothingToChange }).partial();

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

export type CreateStayInput = z.input<typeof createStaySchema>;
export type UpdateStayInput = z.input<typeof updateStaySchema>;

/** Where a stay is in its life, at the time of the answer. */
export type StayStatus = 'upcoming' | 'current' | 'past' | 'ended';

/** A stay as the owner's API answers it. */
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
  status: StayStatus;
  /** When the gated door code and Wi-Fi password were first and last shown on this link, and how often. */
  reveals: { first: string | null; last: string | null; count: number };
  createdAt: string;
}

/** The calendar feed of a guidebook and how its last sync went. */
export interface CalendarStatus {
  url: string;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Why the last sync failed; null when it worked. */
  lastError: string | null;
}
