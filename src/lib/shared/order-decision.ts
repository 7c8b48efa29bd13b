/**
 * The single-use Approve and Decline links of the host's order mail (docs/product/extras-and-orders.md,
 * docs/decisions/020-extras-and-the-money-flow.md).
 *
 * ## Contract
 * - `GET /orders/:orderId/:decision?token=…` (`decision`: approve | decline; no login): a page
 *   showing the order and one button for the decision. It changes nothing (mail scanners open
 *   links). 200 while the order waits; 200 saying what the order is now ("This order was already
 *   approved on Tue 1 Dec, 10:04.") once the link is spent; 404 "This link is not valid any more."
 *   for an unknown order or token; 429 past the limit.
 * - `POST /api/orders/:orderId/decide` `{ token, decision }` (no session; our Origin) →
 *   `{ message, order: { id, status } }` through the same decision as the dashboard's (capture or
 *   release, the slot checked again, the guest's mail). 404 `{ message }` for an unknown order or
 *   token, 409 when the order no longer waits (the message says what it is now) or its slot is
 *   taken, 429 past the limit.
 */
import { z } from 'zod';
import type { ExtraKind } from './schemas/instruction.ts';
import type { OrderStatus } from './schemas/order.ts';

export const LINK_DECISIONS = ['approve', 'decline'] as const;
export type LinkDecision = (typeof LINK_DECISIONS)[number];

export const linkDecisionSchema = z.object(
  {
    token: z.string({ error: 'Send the token of the link.' }).max(200, 'This link is not valid any more.'),
    decision: z.enum(LINK_DECISIONS, { error: 'Decide approve or decline.' }),
  },
  { error: 'Send the decision as a JSON object.' },
);

/** What the page shows of a waiting order, every value already in words. */
export interface LinkedOrder {
  id: string;
  kind: ExtraKind;
  title: string;
  guidebookName: string;
  guestName: string;
  /** "Thu 3 Dec, 15:00 – Sun 6 Dec, 10:00"; null for an order without a stay. */
  stayLabel: string | null;
  /** Where a late check-out or early check-in moves the stay ("Sun 6 Dec, 14:00"); else null. */
  movesToLabel: string | null;
  quantity: number;
  /** "€25", or "Free". */
  amountLabel: string;
  /** Paid online: the card is held and charged on approval. Else settled on site. */
  paid: boolean;
  note: string;
}

/** The page of a link, as the server found it. */
export type DecisionLinkPage =
  | { state: 'live'; order: LinkedOrder; decision: LinkDecision; token: string; dashboardUrl: string }
  | { state: 'spent'; status: OrderStatus; message: string; dashboardUrl: string }
  | { state: 'unknown'; message: string }
  | { state: 'limited'; message: string };
