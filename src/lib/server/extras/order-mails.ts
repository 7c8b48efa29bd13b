import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import type { Extra, InstructionContent } from '@shared/schemas/instruction.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import type { MailMessage } from '../mail/compose-mail.ts';
import { decisionLinkLines } from './decision-token.ts';

/** Plain text only: nothing a guest typed is ever turned into HTML. */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

function price(order: Pick<OrdersTable, 'amount' | 'currency'>): string {
  return order.amount === 0 ? 'free' : formatPrice(order.amount, order.currency as Currency);
}

/** "Late check-out (until Fri 4 Dec, 13:00)", "Breakfast basket × 2". */
function what(order: OrdersTable, zone: string): string {
  const title = oneLine(order.title);
  if (order.moves_to !== null && order.kind === 'late-checkout') return `${title} (check-out ${formatStayTime(order.moves_to, zone)})`;
  if (order.moves_to !== null && order.kind === 'early-checkin') return `${title} (check-in ${formatStayTime(order.moves_to, zone)})`;
  return order.quantity > 1 ? `${title} × ${order.quantity}` : title;
}

/**
 * A new request (docs/decisions/020): to the host, with the stay (or "from the public link"), the
 * single-use Approve and Decline links (`decisionToken`) and a link to the dashboard; to the guest,
 * when the order has an address, that it was passed on and how payment works. Who asks is the
 * order's (the stay's, or what a public-link guest gave).
 */
export function orderRequestMail({ order, content, stay, hostEmail, appUrl, decisionToken }: { order: OrdersTable; extra: Extra; content: InstructionContent; stay: StaysTable | null; hostEmail: string; appUrl: URL; decisionToken: string }): MailMessage[] {
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your guidebook';
  const guest = oneLine(order.guest_name) || 'A guest';
  const review = new URL(`/dashboard/orders?guidebook=${encodeURIComponent(order.instruction_id)}`, appUrl).href;
  const mails: MailMessage[] = [
    {
      to: hostEmail,
      ...(order.guest_email ? { replyTo: order.guest_email } : {}),
      subject: `New request: ${oneLine(order.title)} for ${guidebook}`.slice(0, 150),
      text: [
        `${guest} asks for ${what(order, zone)} (${price(order)}, settled on site).`,
        stay ? `Stay: ${formatStayTime(stay.check_in, zone)} – ${formatStayTime(stay.check_out, zone)}` : `From your guidebook's public link (no stay); reply to this e-mail to write to ${order.guest_email}.`,
        ...(order.guest_note ? ['', `Their note: ${oneLine(order.guest_note)}`] : []),
        '',
        ...decisionLinkLines(appUrl, order.id, decisionToken),
        '',
        `Or decide in your orders: ${review}`,
        '',
        '— Porchlight',
        '',
      ].join('\n'),
    },
  ];
  if (order.guest_email) {
    mails.push({
      to: order.guest_email,
      subject: `Your request: ${oneLine(order.title)}`.slice(0, 150),
      text: [
        `Hello${order.guest_name ? ` ${oneLine(order.guest_name)}` : ''},`,
        '',
        `Your request for ${what(order, zone)} at ${guidebook} reached your host. You will hear from them by e-mail once they confirm it; payment (${price(order)}) is settled on site.`,
        '',
        '— Porchlight, on behalf of your host',
        '',
      ].join('\n'),
    });
  }
  return mails;
}

/** The host's answer, to the guest (the stay's address, else the one a public-link guest gave); null when there is nobody to tell. */
export function decisionMail({ order, content, stay }: { order: OrdersTable; content: InstructionContent; stay: StaysTable | null; appUrl: URL }): MailMessage | null {
  const to = stay ? stay.guest_email : order.guest_email;
  const name = stay ? stay.guest_name : order.guest_name;
  if (!to) return null;
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your stay';
  const approved = order.status === 'approved';
  // A paid order's card was authorised at checkout: approving charges it, declining releases the hold.
  const paid = order.payment_intent_id !== null;
  return {
    to,
    subject: `${approved ? 'Confirmed' : 'Not available'}: ${oneLine(order.title)}`.slice(0, 150),
    text: [
      `Hello${name ? ` ${oneLine(name)}` : ''},`,
      '',
      approved
        ? `Your host confirmed ${what(order, zone)} at ${guidebook}. ${paid ? `Your card was charged ${price(order)}.` : `Payment (${price(order)}) is settled on site.`}`
        : `Your host cannot offer ${what(order, zone)} at ${guidebook} this time. ${paid ? 'The hold on your card is released; nothing is charged.' : 'Nothing is charged.'}`,
      '',
      '— Porchlight, on behalf of your host',
      '',
    ].join('\n'),
  };
}

const hello = (name: string) => `Hello${name ? ` ${oneLine(name)}` : ''},`;
const FROM_HOST = '— Porchlight, on behalf of your host';

/**
 * A guest's payment went through (docs/decisions/020): an instant extra is bought, a host-approved
 * one waits for the host with the card authorised. To the host with a link to the orders (and,
 * while it waits, the single-use Approve and Decline links of `decisionToken`); to the guest
 * (when we have an address) a receipt, or word that the card is charged only on approval.
 */
export function paidOrderMails({ order, content, stay, hostEmail, guestEmail, appUrl, decisionToken }: { order: OrdersTable; content: InstructionContent; stay: StaysTable | null; hostEmail: string; guestEmail: string; appUrl: URL; decisionToken: string | null }): MailMessage[] {
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your guidebook';
  const guest = oneLine(order.guest_name) || 'A guest';
  const review = new URL(`/dashboard/orders?guidebook=${encodeURIComponent(order.instruction_id)}`, appUrl).href;
  const waiting = order.status === 'requested';
  const mails: MailMessage[] = [
    {
      to: hostEmail,
      ...(guestEmail ? { replyTo: guestEmail } : {}),
      subject: `${waiting ? 'New request' : 'New order'}: ${oneLine(order.title)} for ${guidebook}`.slice(0, 150),
      text: [
        waiting
          ? `${guest} asks for ${what(order, zone)} (${price(order)}, card authorised: it is charged when you approve).`
          : `${guest} bought ${what(order, zone)} (${price(order)}, paid online).`,
        ...(stay ? [`Stay: ${formatStayTime(stay.check_in, zone)} – ${formatStayTime(stay.check_out, zone)}`] : []),
        ...(order.guest_note ? ['', `Their note: ${oneLine(order.guest_note)}`] : []),
        '',
        ...(waiting && decisionToken
          ? ['Approve or decline it within 72 hours, or the hold on the card is released.', ...decisionLinkLines(appUrl, order.id, decisionToken), '', `Or decide in your orders: ${review}`]
          : [`Your orders: ${review}`]),
        '',
        '— Porchlight',
        '',
      ].join('\n'),
    },
  ];
  if (guestEmail) {
    mails.push({
      to: guestEmail,
      subject: `${waiting ? 'Your request' : 'Receipt'}: ${oneLine(order.title)}`.slice(0, 150),
      text: [
        hello(order.guest_name),
        '',
        waiting
          ? `Your request for ${what(order, zone)} at ${guidebook} reached your host. Your card is authorised for ${price(order)} and charged only if your host confirms; otherwise the hold is released.`
          : `You paid ${price(order)} for ${what(order, zone)} at ${guidebook}. Thank you.`,
        '',
        FROM_HOST,
        '',
      ].join('\n'),
    });
  }
  return mails;
}

/**
 * The slot was taken between the guest's tap and the payment (another booking, a calendar import):
 * the payment is refunded or the hold released at once, and both sides are told.
 */
export function slotLostMails({ order, content, hostEmail, guestEmail }: { order: OrdersTable; content: InstructionContent; hostEmail: string; guestEmail: string }): MailMessage[] {
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your guidebook';
  const money = order.status === 'refunded' ? `The payment of ${price(order)} is refunded in full` : `The hold of ${price(order)} on the card is released; nothing is charged`;
  const mails: MailMessage[] = [
    {
      to: hostEmail,
      subject: `Order not taken: ${oneLine(order.title)} for ${guidebook}`.slice(0, 150),
      text: [`${oneLine(order.guest_name) || 'A guest'} paid for ${what(order, zone)}, but another booking took that time meanwhile. ${money}.`, '', '— Porchlight', ''].join('\n'),
    },
  ];
  if (guestEmail) {
    mails.push({
      to: guestEmail,
      subject: `Not available: ${oneLine(order.title)}`.slice(0, 150),
      text: [hello(order.guest_name), '', `Sorry: ${what(order, zone)} at ${guidebook} was taken by another booking while you paid. ${money}.`, '', FROM_HOST, ''].join('\n'),
    });
  }
  return mails;
}

/** The host refunded a paid order: to the guest, when we have an address. */
export function refundMail({ order, content, movedBack }: { order: OrdersTable; content: InstructionContent; movedBack: boolean }): MailMessage | null {
  if (!order.guest_email) return null;
  const guidebook = oneLine(content.nameInstruction) || 'your stay';
  const backTo = order.kind === 'late-checkout' ? 'Your check-out is back at its booked time.' : 'Your check-in is back at its booked time.';
  return {
    to: order.guest_email,
    subject: `Refunded: ${oneLine(order.title)}`.slice(0, 150),
    text: [hello(order.guest_name), '', `Your host refunded ${price(order)} for ${what(order, content.timeZone)} at ${guidebook}. It reaches your card within a few days.${movedBack ? ` ${backTo}` : ''}`, '', FROM_HOST, ''].join('\n'),
  };
}

/** 72 hours without the host's answer: the hold is released (docs/decisions/020); both sides are told. */
export function lapsedMails({ order, content, hostEmail }: { order: OrdersTable; content: InstructionContent; hostEmail: string }): MailMessage[] {
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your guidebook';
  const mails: MailMessage[] = [
    {
      to: hostEmail,
      subject: `Request lapsed: ${oneLine(order.title)} for ${guidebook}`.slice(0, 150),
      text: [`${oneLine(order.guest_name) || 'A guest'} asked for ${what(order, zone)} 72 hours ago without an answer, so the hold on their card was released and the request cancelled.`, '', '— Porchlight', ''].join('\n'),
    },
  ];
  if (order.guest_email) {
    mails.push({
      to: order.guest_email,
      subject: `Not confirmed: ${oneLine(order.title)}`.slice(0, 150),
      text: [hello(order.guest_name), '', `Your host did not confirm ${what(order, zone)} at ${guidebook} in time, so the hold on your card is released. Nothing is charged.`, '', FROM_HOST, ''].join('\n'),
    });
  }
  return mails;
}
