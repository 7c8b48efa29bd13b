/**
 * Orders of extras (docs/product/extras-and-orders.md, docs/decisions/020-extras-and-the-money-flow.md).
 *
 * ## API contract (errors are `{ message }`)
 * - `GET /api/guest/:token/extras` (public; a stay link's token) → `{ extras: GuestExtra[] }`: the
 *   guidebook's active extras with whether this stay can have each now, and why not. A guidebook's
 *   own link → its active items (always available) when the host offers extras there
 *   (`extrasOnPublicLink`), else 404.
 * - `POST /api/guest/:token/extras/:extraId` `{ quantity?, note?, guestName?, guestEmail? }`
 *   (public; a stay link's token, or a guidebook's own when the host offers extras there: then
 *   `guestName` and `guestEmail` are required, 400 naming the one missing or wrong, and a late
 *   check-out or early check-in answers 400: it needs a stay)
 *   → 201 `{ message, order: GuestOrder }`: a request the host confirms (payment settled on site);
 *   or, when the host takes payments online (Stripe, Gold or Premium, an account that can take
 *   charges, a price above 0), 201 `{ message, order, checkoutUrl }`: the order is
 *   `awaiting_payment` and the guest pays on Stripe's Checkout page; 502 `{ message }` when Stripe
 *   could not start it (the order is cancelled, nothing charged).
 *   409 `{ message }` when the extra cannot be had for the stay (the reason), 404 for an extra the
 *   guidebook does not offer, 429 past the limits. The price is the guidebook's, never the body's.
 * - `GET /api/orders[?guidebook=<id>]` (the signed-in host's) → `{ orders: Order[], months:
 *   MonthTotal[] }`: the orders newest first, and what was sold (paid or approved, refunds left
 *   out) in each of the last twelve months with any, newest first; another host's guidebook → 404.
 * - `PATCH /api/orders/:orderId` `{ decision: 'approve' | 'decline' }` (the order's host)
 *   → `{ message, order }`; 409 when the order is no longer waiting (or its slot was taken). A paid
 *   order's card hold is captured on approve and released on decline; 409 when the hold lapsed.
 * - `POST /api/orders/:orderId/refund` (the order's host) → `{ message, order }`: a `paid` or
 *   `approved` paid order refunded in full (transfer reversed, fee returned); 409 otherwise.
 */
import { z } from 'zod';
import type { Currency } from '../currencies.ts';
import { plural } from '../guest-words/plural.ts';
import { t, type GuestWords } from '../guest-words/t.ts';
import { CONTACT_EMAIL_MAX, CONTACT_NAME_MAX } from './contact.ts';
import type { ExtraKind } from './instruction.ts';
import { MAX_PER_STAY } from './instruction.ts';
import { perDictionary } from './per-dictionary.ts';

export const ORDER_STATUSES = ['requested', 'awaiting_payment', 'paid', 'approved', 'declined', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which an order still holds its slot (a second late check-out cannot be asked for). */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['requested', 'awaiting_payment', 'paid', 'approved'];

export const MAX_ORDER_NOTE = 500;
/** A guest on the public link says who they are (the order has no stay to know it from). */
export const MAX_ORDER_GUEST_NAME = CONTACT_NAME_MAX;
export const MAX_ORDER_GUEST_EMAIL = CONTACT_EMAIL_MAX;

/** Control characters and runs of spaces (a line break pasted in) become one space: the name is shown in the host's mail and list. */
const withoutControls = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * A guest's order, its errors in the guest's words (`words`, the request's language:
 * server/http/guest-language.ts); one schema a dictionary, built once.
 */
export const orderRequestSchema = perDictionary(buildRequestSchema);

function buildRequestSchema(words: GuestWords) {
  const characters = (max: number) => ({ characters: plural(words, 'count.characters', max) });
  const unreadable = words['api.unreadable'];
  return z.object(
    {
      quantity: z
        .number({ error: words['api.quantityWhole'] })
        .int(words['api.quantityWhole'])
        .min(1, words['api.quantityMin'])
        .max(MAX_PER_STAY, t(words, 'api.quantityMax', { max: MAX_PER_STAY }))
        .default(1),
      note: z.string({ error: unreadable }).trim().max(MAX_ORDER_NOTE, t(words, 'api.noteTooLong', characters(MAX_ORDER_NOTE))).default(''),
      /** Required on a guidebook's public link (orders.ts says so when missing); a stay link's order takes the stay's. */
      guestName: z
        .string({ error: words['contact.nameRequired'] })
        .transform(withoutControls)
        .pipe(z.string().min(1, words['contact.nameRequired']).max(MAX_ORDER_GUEST_NAME, t(words, 'api.nameTooLong', characters(MAX_ORDER_GUEST_NAME))))
        .optional(),
      guestEmail: z
        .string({ error: words['api.emailRequired'] })
        .trim()
        .min(1, words['api.emailRequired'])
        .max(MAX_ORDER_GUEST_EMAIL, t(words, 'api.emailTooLong', characters(MAX_ORDER_GUEST_EMAIL)))
        .pipe(z.email(words['api.emailInvalid']))
        .optional(),
      /** Cloudflare Turnstile's answer, on a guidebook's public link when the captcha is configured. */
      turnstileToken: z.string({ error: unreadable }).max(4096, unreadable).optional(),
    },
    { error: unreadable },
  );
}
export type OrderRequest = z.output<ReturnType<typeof orderRequestSchema>>;

export const orderDecisionSchema = z.object(
  { decision: z.enum(['approve', 'decline'], { error: 'Decide approve or decline.' }) },
  { error: 'Send the decision as a JSON object.' },
);

export interface GuestExtra {
  id: number;
  kind: ExtraKind;
  title: string;
  price: number;
  currency: Currency;
  available: boolean;
  /** Why not, in the guest's words; null when available. */
  reason: string | null;
}

export interface GuestOrder {
  id: string;
  extraId: number;
  title: string;
  amount: number;
  currency: Currency;
  quantity: number;
  status: OrderStatus;
}

/** An order as its host sees it. */
export interface Order extends GuestOrder {
  kind: ExtraKind;
  guidebookId: string;
  /** The guidebook's name now, for the dashboard's list. */
  guidebookName: string;
  /** null for an order from the guidebook's public link (the dashboard says "public link"), or whose stay was deleted. */
  stayId: string | null;
  /** Its stay was deleted or cancelled by the calendar (the order kept, or ended with it). */
  stayRemoved: boolean;
  guestName: string;
  guestEmail: string;
  guestNote: string;
  approval: 'instant' | 'host';
  /** Paid online (a card charged or held through Checkout), not settled on site. */
  paid: boolean;
  /** The check-out or check-in a late check-out or early check-in moves the stay to (ISO), else null. */
  movesTo: string | null;
  /** The same where the property is ("Wed 2 Dec, 14:00"), as the stay page shows it; null with `movesTo`. */
  movesToLabel: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** What the host sold in one calendar month (UTC): paid or approved orders, refunds left out. */
export interface MonthTotal {
  /** "2026-11". */
  month: string;
  currency: Currency;
  /** In minor units. */
  amount: number;
  orders: number;
}

/** An order in its stay's row of the Stays view: what, how much, how it stands. */
export type StayOrder = Pick<Order, 'id' | 'title' | 'quantity' | 'amount' | 'currency' | 'status' | 'paid'>;

/**
 * What GET /api/orders adds to each order for its card: the stay's check-in and check-out as they
 * stand now (ISO; null without a stay) and the property's time zone, in which the card writes
 * every date the way `movesToLabel` is written.
 */
export interface OrderStay {
  stay: { checkIn: string; checkOut: string } | null;
  timeZone: string;
}

/** An order on the Orders screen (GET /api/orders). */
export type ListedOrder = Order & OrderStay;
