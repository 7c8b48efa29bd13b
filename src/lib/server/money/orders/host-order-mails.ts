import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import { guestWords } from '@shared/guest-words/index.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { decisionLinkLines } from './decision-token.ts';
import { clip, oneLine, what } from './order-mails.ts';

/**
 * The host's mails about an order (docs/product/extras-and-orders.md): English, like the dashboard, with times
 * where the property is. Plain text only: nothing a guest typed is ever turned into HTML.
 */
const HOST_SIGN_OFF = '— Porchlight';
const guestOf = (order: OrdersTable) => oneLine(order.guest_name) || 'A guest';
const hostPrice = (order: OrdersTable) => (order.amount === 0 ? 'free' : formatPrice(order.amount, order.currency as Currency));
const hostWhat = (order: OrdersTable, zone: string) => what(order, guestWords('en'), zone);
const guidebookOf = (content: InstructionContent) => oneLine(content.nameInstruction) || 'your guidebook';
const ordersUrl = (appUrl: URL, order: OrdersTable) => new URL(`/dashboard/orders?guidebook=${encodeURIComponent(order.instruction_id)}`, appUrl).href;

function stayLine(stay: Pick<StaysTable, 'check_in' | 'check_out'> | null, order: OrdersTable, zone: string): string {
  if (stay) return `Stay: ${formatStayTime(stay.check_in, zone)} – ${formatStayTime(stay.check_out, zone)}`;
  return `From your guidebook's public link (no stay); reply to this e-mail to write to ${order.guest_email}.`;
}

/**
 * A new order, to the host: a request waiting for their answer (with the single-use Approve and
 * Decline links of `decisionToken`), or one confirmed at once (an instant extra, settled on site
 * or paid online), with a link to the orders.
 */
export function hostOrderMail({ order, content, stay, hostEmail, appUrl, decisionToken }: { order: OrdersTable; content: InstructionContent; stay: Pick<StaysTable, 'check_in' | 'check_out'> | null; hostEmail: string; appUrl: URL; decisionToken: string | null }): MailMessage {
  const zone = content.timeZone;
  const waiting = order.status === 'requested';
  const paid = order.payment_intent_id !== null;
  const how = paid ? (waiting ? 'card authorised: it is charged when you approve' : 'paid online') : 'settled on site';
  const lead = waiting ? `${guestOf(order)} asks for ${hostWhat(order, zone)} (${hostPrice(order)}, ${how}).` : `${guestOf(order)} booked ${hostWhat(order, zone)} (${hostPrice(order)}, ${how}). It is confirmed: nothing for you to decide.`;
  const review = ordersUrl(appUrl, order);
  return {
    to: hostEmail,
    ...(order.guest_email ? { replyTo: order.guest_email } : {}),
    subject: clip(`${waiting ? 'New request' : 'New order'}: ${oneLine(order.title)} for ${guidebookOf(content)}`),
    text: [
      lead,
      stayLine(stay, order, zone),
      ...(order.guest_note ? ['', `Their note: ${oneLine(order.guest_note)}`] : []),
      '',
      ...(waiting && decisionToken
        ? [...(paid ? ['Approve or decline it within 72 hours, or the hold on the card is released.'] : []), ...decisionLinkLines(appUrl, order.id, decisionToken), '', `Or decide in your orders: ${review}`]
        : [`Your orders: ${review}`]),
      '',
      HOST_SIGN_OFF,
      '',
    ].join('\n'),
  };
}

/** Why an order ended without the host deciding it. */
export type HostEndedReason = 'slot-lost' | 'lapsed' | 'stay-moved' | 'stay-gone';

/** An order ended without the host deciding it, to the host: why, and what became of the money. */
export function hostOrderEndedMail({ order, content, hostEmail, why }: { order: OrdersTable; content: InstructionContent; hostEmail: string; why: HostEndedReason }): MailMessage {
  const zone = content.timeZone;
  const money = order.payment_intent_id === null ? 'Nothing was charged.' : order.status === 'refunded' ? `The payment of ${hostPrice(order)} is refunded in full.` : `The hold of ${hostPrice(order)} on the card is released; nothing is charged.`;
  const lead = {
    'slot-lost': `${guestOf(order)} paid for ${hostWhat(order, zone)}, but another booking took that time meanwhile.`,
    lapsed: `${guestOf(order)} asked for ${hostWhat(order, zone)} 72 hours ago without an answer, so the request was cancelled.`,
    'stay-moved': `The stay of ${guestOf(order)} moved, and ${hostWhat(order, zone)} does not fit its new dates (another booking takes that time, or the new times already cover it), so the order was ended.`,
    'stay-gone': `The stay of ${guestOf(order)} was deleted or cancelled, so their ${hostWhat(order, zone)} was ended.`,
  }[why];
  const subject = { 'slot-lost': 'Order not taken', lapsed: 'Request lapsed', 'stay-moved': 'Order ended', 'stay-gone': 'Order ended' }[why];
  return {
    to: hostEmail,
    subject: clip(`${subject}: ${oneLine(order.title)} for ${guidebookOf(content)}`),
    text: [`${lead} ${money}${order.guest_email ? ' Your guest was told by e-mail.' : ''}`, '', HOST_SIGN_OFF, ''].join('\n'),
  };
}
