import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import { guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { translatedContent } from '@shared/translations.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { decisionLinkLines } from './decision-token.ts';

/**
 * The mails about an order (docs/product.md §21). The guest's are in the guest's language (the
 * page they ordered from, `orders.language`), every sentence from the guest dictionaries, dates
 * and prices through Intl in that language, the guidebook's name as translated; the host's are in
 * English, like the dashboard. Plain text only: nothing a guest typed is ever turned into HTML.
 *
 * A guest is greeted by name only on a stay's order, whose name the host typed; a public-link
 * order's name is whatever a stranger typed, so its mails never repeat it.
 */

/** What a guest mail says: its subject and its sentences, in order. */
export type GuestOrderMail =
  /** A request settled on site reached the host. */
  | 'requested'
  /** A request with the card held reached the host. */
  | 'authorised'
  /** An instant extra settled on site: confirmed at once. */
  | 'confirmed'
  /** An instant extra paid online. */
  | 'receipt'
  | 'approved'
  | 'declined'
  /** Another booking took the slot while the guest paid, or before the host's approval was stored. */
  | 'slot-lost'
  | 'refunded'
  /** The host did not answer within 72 hours (or the hold lapsed on Stripe). */
  | 'lapsed'
  /** Its stay moved and the order moved with it (a late check-out to the new check-out day). */
  | 'moved'
  /** Its stay moved to dates where its slot is gone, or the stay was deleted or cancelled. */
  | 'stay-moved'
  | 'stay-gone';

/** Line breaks and control characters out: a name or title stays on one line (and in one header). */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

const clip = (value: string) => value.slice(0, 150);

/** The guest's words and the guidebook as the guest reads it. */
function guestSide(order: OrdersTable, stored: InstructionContent) {
  const words = guestWords(order.language || stored.language);
  const content = translatedContent(stored, words['locale.lang']).content;
  return { words, name: oneLine(content.nameInstruction) || words['mail.untitled'], zone: stored.timeZone, locale: words['locale.format'] };
}

function price(order: Pick<OrdersTable, 'amount' | 'currency'>, words: GuestWords): string {
  return order.amount === 0 ? words['extras.free'] : formatPrice(order.amount, order.currency as Currency, words['locale.format']);
}

/** "Late check-out (check-out Fri 4 Dec, 13:00)", "Breakfast basket × 2", in `words`' language. */
function what(order: OrdersTable, words: GuestWords, zone: string): string {
  const title = oneLine(order.title);
  const time = order.moves_to === null ? '' : formatStayTime(order.moves_to, zone, words['locale.format']);
  if (time && order.kind === 'late-checkout') return t(words, 'order.lateCheckout', { title, time });
  if (time && order.kind === 'early-checkin') return t(words, 'order.earlyCheckin', { title, time });
  return order.quantity > 1 ? t(words, 'order.quantity', { title, quantity: order.quantity }) : title;
}

/** What became of the money when an order ended: refunded, released, or nothing was taken. */
function moneyBack(order: OrdersTable, words: GuestWords): string {
  if (order.payment_intent_id === null) return words['order.nothingCharged'];
  return order.status === 'refunded' ? t(words, 'order.moneyRefunded', { price: price(order, words) }) : words['order.moneyReleased'];
}

/**
 * A mail to the order's guest, `kind` saying what happened; null when the order has no address.
 * `stay`: the order's stay as it is now (its guest is greeted by name); `movedBack`: a refunded
 * late check-out or early check-in gave the stay its booked time back.
 */
export function guestOrderMail(kind: GuestOrderMail, { order, content: stored, stay = null, movedBack = false }: { order: OrdersTable; content: InstructionContent; stay?: Pick<StaysTable, 'guest_name'> | null; movedBack?: boolean }): MailMessage | null {
  if (!order.guest_email) return null;
  const { words, name, zone } = guestSide(order, stored);
  const title = oneLine(order.title);
  const facts = { what: what(order, words, zone), name, price: price(order, words) };
  const onSite = order.amount > 0 ? [t(words, 'order.payOnSite', facts)] : [];
  const paid = order.payment_intent_id !== null;
  const [subject, sentences] = ((): [string, string[]] => {
    switch (kind) {
      case 'requested':
        return [t(words, 'order.subject.requested', { title }), [t(words, 'order.requested', facts), ...onSite]];
      case 'authorised':
        return [t(words, 'order.subject.requested', { title }), [t(words, 'order.authorised', facts)]];
      case 'confirmed':
        return [t(words, 'order.subject.confirmed', { title }), [t(words, 'order.confirmedNow', facts), ...onSite]];
      case 'receipt':
        return [t(words, 'order.subject.receipt', { title }), [t(words, 'order.receipt', facts)]];
      case 'approved':
        return [t(words, 'order.subject.confirmed', { title }), [t(words, 'order.approved', facts), ...(paid ? [t(words, 'order.charged', facts)] : onSite)]];
      case 'declined':
        return [t(words, 'order.subject.notAvailable', { title }), [t(words, 'order.declined', facts), moneyBack(order, words)]];
      case 'slot-lost':
        return [t(words, 'order.subject.notAvailable', { title }), [t(words, 'order.slotLost', facts), moneyBack(order, words)]];
      case 'refunded': {
        const back = movedBack ? [words[order.kind === 'early-checkin' ? 'order.checkInBack' : 'order.checkOutBack']] : [];
        return [t(words, 'order.subject.refunded', { title }), [t(words, 'order.refunded', facts), ...back]];
      }
      case 'lapsed':
        return [t(words, 'order.subject.notConfirmed', { title }), [t(words, 'order.lapsed', facts), moneyBack(order, words)]];
      case 'moved':
        return [t(words, 'order.subject.moved', { title }), [t(words, 'order.moved', facts)]];
      case 'stay-moved':
        return [t(words, 'order.subject.notAvailable', { title }), [t(words, 'order.stayMoved', facts), moneyBack(order, words)]];
      case 'stay-gone':
        return [t(words, 'order.subject.notAvailable', { title }), [t(words, 'order.stayGone', facts), moneyBack(order, words)]];
    }
  })();
  const guest = stay ? oneLine(stay.guest_name) : '';
  return {
    to: order.guest_email,
    subject: clip(subject),
    text: [guest ? t(words, 'mail.helloGuest', { guest }) : words['mail.hello'], '', sentences.join(' '), '', t(words, 'order.signOff', { product: words['page.product'] }), ''].join('\n'),
  };
}

/**
 * A public-link order's first mail, to the address its guest gave (docs/security.md 37): the
 * request goes to the host only once this link is opened and confirmed. No name: a stranger may
 * have typed someone else's address.
 */
export function confirmOrderMail({ to, order, content: stored, url }: { to: string; order: OrdersTable; content: InstructionContent; url: string }): MailMessage {
  const { words, name, zone } = guestSide(order, stored);
  const title = oneLine(order.title);
  return {
    to,
    subject: clip(t(words, 'order.subject.confirm', { title })),
    text: [words['mail.hello'], '', t(words, 'order.confirmAsk', { what: what(order, words, zone), name }), '', words['order.confirmOpen'], url, '', words['order.confirmIgnore'], '', t(words, 'order.signOff', { product: words['page.product'] }), ''].join('\n'),
  };
}

/* The host's mails: English, like the dashboard. */

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
