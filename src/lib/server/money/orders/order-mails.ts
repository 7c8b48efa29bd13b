import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import { guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { translatedContent } from '@shared/translations.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/**
 * The guest's mails about an order (docs/product/extras-and-orders.md), in the guest's language (the page they
 * ordered from, `orders.language`): every sentence from the guest dictionaries, dates and prices
 * through Intl in that language, the guidebook's name as translated. The host's are in
 * host-order-mails.ts, in English like the dashboard. Plain text only: nothing a guest typed is
 * ever turned into HTML.
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
export function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

export const clip = (value: string) => value.slice(0, 150);

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
export function what(order: OrdersTable, words: GuestWords, zone: string): string {
  const title = oneLine(order.title);
  const time = order.moves_to === null ? '' : formatGuestDateTime(order.moves_to, zone, words['locale.lang']);
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
