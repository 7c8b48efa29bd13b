import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import type { Extra, InstructionContent } from '@shared/schemas/instruction.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import type { MailMessage } from '../mail/compose-mail.ts';

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
 * A new request (docs/decisions/020): to the host, with the stay and a link to decide in the
 * dashboard; to the guest, when the stay has an address, that it was passed on and how payment works.
 */
export function orderRequestMail({ order, content, stay, hostEmail, appUrl }: { order: OrdersTable; extra: Extra; content: InstructionContent; stay: StaysTable; hostEmail: string; appUrl: URL }): MailMessage[] {
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your guidebook';
  const guest = oneLine(stay.guest_name) || 'A guest';
  const review = new URL(`/dashboard/orders?guidebook=${encodeURIComponent(order.instruction_id)}`, appUrl).href;
  const mails: MailMessage[] = [
    {
      to: hostEmail,
      ...(stay.guest_email ? { replyTo: stay.guest_email } : {}),
      subject: `New request: ${oneLine(order.title)} for ${guidebook}`.slice(0, 150),
      text: [
        `${guest} asks for ${what(order, zone)} (${price(order)}, settled on site).`,
        `Stay: ${formatStayTime(stay.check_in, zone)} – ${formatStayTime(stay.check_out, zone)}`,
        ...(order.guest_note ? ['', `Their note: ${oneLine(order.guest_note)}`] : []),
        '',
        `Approve or decline it: ${review}`,
        '',
        '— Porchlight',
        '',
      ].join('\n'),
    },
  ];
  if (stay.guest_email) {
    mails.push({
      to: stay.guest_email,
      subject: `Your request: ${oneLine(order.title)}`.slice(0, 150),
      text: [
        `Hello${stay.guest_name ? ` ${oneLine(stay.guest_name)}` : ''},`,
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

/** The host's answer, to the guest (when the stay has an address); null when there is nobody to tell. */
export function decisionMail({ order, content, stay }: { order: OrdersTable; content: InstructionContent; stay: StaysTable | null; appUrl: URL }): MailMessage | null {
  if (!stay?.guest_email) return null;
  const zone = content.timeZone;
  const guidebook = oneLine(content.nameInstruction) || 'your stay';
  const approved = order.status === 'approved';
  return {
    to: stay.guest_email,
    subject: `${approved ? 'Confirmed' : 'Not available'}: ${oneLine(order.title)}`.slice(0, 150),
    text: [
      `Hello${stay.guest_name ? ` ${oneLine(stay.guest_name)}` : ''},`,
      '',
      approved
        ? `Your host confirmed ${what(order, zone)} at ${guidebook}. Payment (${price(order)}) is settled on site.`
        : `Your host cannot offer ${what(order, zone)} at ${guidebook} this time. Nothing is charged.`,
      '',
      '— Porchlight, on behalf of your host',
      '',
    ].join('\n'),
  };
}
