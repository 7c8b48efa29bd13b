import { timingSafeEqual } from 'node:crypto';
import type { OrdersTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import type { DecisionLinkPage, LinkDecision, LinkedOrder } from '@shared/order-decision.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { hashToken } from '../../http/session-token.ts';
import { AppError, isAppError } from '../../http/app-error.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../../http/rate-limit.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { decideOrder } from './orders.ts';
import { spentMessage } from './order-spent.ts';

/**
 * The host decides an order from the mail (docs/decisions/020, docs/security.md 11): the link's
 * page shows the order and changes nothing; its button posts the decision, which runs through
 * decideOrder like the dashboard's, as the order's own host (the row says who), with no login.
 * The token works while the order waits: whatever takes the order out of `requested` clears it
 * in the same transaction (decideOrder, closeWaitingOrder).
 */

/** Order ids are nanoids; tokens 32 bytes of base64url (decision-token.ts). Anything else is no link of ours. */
const ORDER_ID = /^[\w-]{1,64}$/;
const TOKEN = /^[\w-]{43}$/;

type Found = { state: 'live' | 'spent'; order: OrdersTable } | { state: 'unknown' };

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The order a link names, and whether its token is the live one. Once the order left `requested`
 * the token is gone from the row, so a spent link is known by its order id and a token of the
 * right shape: it tells only what the order is now and since when (the guest and the host, who
 * know the id, know that anyway).
 */
async function findByLink(orderId: string, token: string): Promise<Found> {
  if (!ORDER_ID.test(orderId) || !TOKEN.test(token)) return { state: 'unknown' };
  const { db } = await getRuntime();
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || order.status === 'awaiting_payment') return { state: 'unknown' };
  if (order.status !== 'requested') return { state: 'spent', order };
  return order.decision_token_hash !== null && sameHash(hashToken(token), order.decision_token_hash) ? { state: 'live', order } : { state: 'unknown' };
}

async function guidebookOf(order: OrdersTable) {
  const { db } = await getRuntime();
  const { data } = await db.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
  return parseStoredContent(data);
}

function dashboardUrl(appUrl: URL, order: OrdersTable): string {
  return new URL(`/dashboard/orders?guidebook=${encodeURIComponent(order.instruction_id)}`, appUrl).href;
}

async function linkedOrder(order: OrdersTable): Promise<LinkedOrder> {
  const { db } = await getRuntime();
  const content = await guidebookOf(order);
  const zone = content.timeZone;
  const stay = order.stay_id ? await db.selectFrom('stays').select(['check_in', 'check_out']).where('id', '=', order.stay_id).executeTakeFirst() : undefined;
  return {
    id: order.id,
    kind: order.kind,
    title: order.title,
    guidebookName: content.nameInstruction,
    guestName: order.guest_name,
    stayLabel: stay ? `${formatStayTime(stay.check_in, zone)} – ${formatStayTime(stay.check_out, zone)}` : null,
    movesToLabel: order.moves_to === null || order.kind === 'item' ? null : formatStayTime(order.moves_to, zone),
    quantity: order.quantity,
    amountLabel: order.amount === 0 ? 'Free' : formatPrice(order.amount, order.currency as Currency),
    paid: order.payment_intent_id !== null,
    note: order.guest_note,
  };
}

/**
 * GET /orders/:orderId/:decision?token=…: what the page shows. Reads only (mail scanners and link
 * previews open links); counted against the address's limit like the POST.
 */
export async function openDecisionLink({ orderId, decision, token, ip, now = Date.now() }: { orderId: string; decision: LinkDecision; token: string; ip: string; now?: number }): Promise<DecisionLinkPage> {
  try {
    await consumeRateLimits([rateRules.orderLinkIp(ip)], now, messages.orderLinks.tooMany);
  } catch (error) {
    if (isAppError(error) && error.status === 429) return { state: 'limited', message: error.message };
    throw error;
  }
  const { config } = await getRuntime();
  const found = await findByLink(orderId, token);
  if (found.state === 'unknown') return { state: 'unknown', message: messages.orderLinks.notValid };
  if (found.state === 'spent') return { state: 'spent', status: found.order.status, message: await spentMessage(found.order), dashboardUrl: dashboardUrl(config.appUrl, found.order) };
  return { state: 'live', order: await linkedOrder(found.order), decision, token, dashboardUrl: dashboardUrl(config.appUrl, found.order) };
}

/**
 * POST /api/orders/:orderId/decide `{ token, decision }`: the link's button. The decision is
 * decideOrder's, as the order's host: the same capture or release, slot check, mails and 409s.
 * A link spent meanwhile (a second click, the dashboard, the 72-hour job) answers 409 saying
 * what the order is now.
 */
export async function decideByLink({ orderId, token, decision, ip, now = Date.now() }: { orderId: string; token: string; decision: LinkDecision; ip: string; now?: number }): Promise<{ message: string; order: { id: string; status: OrderStatus } }> {
  await consumeRateLimits([rateRules.orderLinkIp(ip)], now, messages.orderLinks.tooMany);
  const found = await findByLink(orderId, token);
  if (found.state === 'unknown') throw new AppError('NOT_FOUND', messages.orderLinks.notValid);
  if (found.state === 'spent') throw new AppError('CONFLICT', await spentMessage(found.order));
  // Another click or the dashboard deciding at the same moment: decideOrder waits for it and says what the order is now.
  const order = await decideOrder({ access: { teamId: found.order.team_id }, orderId: found.order.id, decision, by: { actor: 'mail-link' } }, now);
  const message = decision === 'approve' ? (order.paid ? messages.orders.approvedPaid : messages.orders.approved) : order.paid ? messages.orders.declinedPaid : messages.orders.declined;
  return { message, order: { id: order.id, status: order.status } };
}
