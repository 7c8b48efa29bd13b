import { nanoid } from 'nanoid';
import type { InstructionsTable, OrdersTable, StaysTable } from '@db/schema.ts';
import type { GuestWords } from '@shared/guest-words/index.ts';
import type { Extra, InstructionContent } from '@shared/schemas/instruction.ts';
import { withStripe } from '../subscriptions/stripe-errors.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import { teamContact } from '../../account/team-contact.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { availability, type Availability } from './availability.ts';
import { newDecisionToken } from './decision-token.ts';
import { notifyOrder } from './notify-order.ts';
import { hostOrderMail } from './host-order-mails.ts';
import { moveStay, ordersLock, slotFacts, stayTimesOf } from './order-slots.ts';
import { firstStatus } from './order-transitions.ts';
import { onlinePaymentsOf } from './online-payments.ts';
import { releasePendingCheckouts, startOrderCheckout } from './order-checkout.ts';

/** The guest's words for why an extra cannot be had. */
export function reasonText(words: GuestWords, result: Availability): string | null {
  return result.available ? null : words[`extras.reason.${result.reason}`];
}

export interface PlaceOrder {
  guidebook: Pick<InstructionsTable, 'id' | 'team_id'>;
  content: InstructionContent;
  /** The stay of a stay link; null for a public-link order (confirmed by its guest, order-confirmations.ts). */
  stay: StaysTable | null;
  extra: Extra;
  quantity: number;
  note: string;
  /** Who orders: the stay's guest, or what a public-link guest gave. */
  guest: { name: string; email: string };
  /** The guest link the order comes from (the stay's or the guidebook's): Checkout comes back to it. */
  token: string;
  words: GuestWords;
  now: number;
}

/**
 * An order recorded (docs/product/extras-and-orders.md, docs/decisions/020), its first status from the table
 * (order-transitions.ts): the extra and its price come from the saved guidebook, never from the
 * guest; the slot is checked again in the transaction that records it, under the guidebook's
 * orders lock, so two guests asking for one slot at once cannot both hold it.
 * - Paid online (a host who takes payments, a price above 0): `awaiting_payment`, and the guest
 *   goes on to Checkout; the mails follow the payment (order-payment-events.ts).
 * - An instant extra settled on site: `approved` at once (a late check-out moves the stay now),
 *   the guest told it is confirmed, the host that it was booked.
 * - Otherwise a request for the host, with single-use Approve and Decline links in the host's mail.
 * The guest's mails are in the language of the page they ordered from and spend the mail budget
 * (mail/mail-budget.ts); the host's own mail does not.
 */
export async function placeOrder({ guidebook, content, stay, extra, quantity, note, guest, token, words, now }: PlaceOrder): Promise<{ order: OrdersTable; checkoutUrl: string | null }> {
  const { db, dialect, outbox, config, log } = await getRuntime();
  const owner = await teamContact(db, guidebook.team_id);
  if (!owner) throw new AppError('NOT_FOUND', words['api.notFound']);
  const payments = extra.price > 0 ? await onlinePaymentsOf(guidebook.team_id) : null;
  if (payments && stay) await withStripe('release earlier checkout', () => releasePendingCheckouts({ stayId: stay.id, extraId: extra.id, payments }));
  const status = firstStatus({ online: payments !== null, approval: extra.approval });
  const decision = status === 'requested' ? newDecisionToken() : null;
  const row = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(guidebook.id));
    // The stay as it is now, inside the transaction: a late check-out approved meanwhile counts.
    const current = stay ? ((await trx.selectFrom('stays').selectAll().where('id', '=', stay.id).executeTakeFirst()) ?? null) : null;
    if (stay && !current) throw new AppError('NOT_FOUND', words['api.notFound']);
    // A public-link item holds nothing to check: no stay, and the quantity is capped by the caller.
    const result = current ? availability({ extra, stay: stayTimesOf(current), ...(await slotFacts(trx, current)), zone: content.timeZone, now, quantity }) : ({ available: true, movesTo: null } as const);
    if (!result.available) throw new AppError('CONFLICT', reasonText(words, result)!);
    const order: OrdersTable = {
      id: nanoid(),
      user_id: owner.userId,
      team_id: guidebook.team_id,
      instruction_id: guidebook.id,
      stay_id: current?.id ?? null,
      extra_id: extra.id,
      kind: extra.kind,
      title: extra.title,
      amount: extra.price * quantity,
      currency: extra.currency,
      quantity,
      approval: extra.approval,
      status,
      guest_name: guest.name,
      guest_email: guest.email,
      guest_note: note.replace(/[\p{Cc}]+/gu, ' '),
      moves_to: result.movesTo,
      decision_token_hash: decision?.hash ?? null,
      checkout_session_id: null,
      payment_intent_id: null,
      created_at: now,
      updated_at: now,
      decided_at: status === 'approved' ? now : null,
      follow_up: null,
      language: words['locale.lang'],
      stay_removed_at: null,
    };
    await trx.insertInto('orders').values(order).execute();
    if (status === 'awaiting_payment') return order;
    if (status === 'approved' && current) await moveStay(trx, order, current.id, now);
    const host = hostOrderMail({ order, content, stay: current, hostEmail: owner.email, appUrl: config.appUrl, decisionToken: decision?.token ?? null });
    await notifyOrder(trx, { order, content, stay: current, guest: status === 'approved' ? 'confirmed' : 'requested', host, now });
    return order;
  });
  const context = { orderId: row.id, instructionId: guidebook.id, stayId: row.stay_id, status: row.status };
  if (payments) {
    const checkoutUrl = await startOrderCheckout({ order: row, token, payments, now, words });
    log.info(context, 'extras: order awaiting payment');
    return { order: row, checkoutUrl };
  }
  outbox.kick();
  log.info(context, status === 'approved' ? 'extras: order confirmed at once' : 'extras: request recorded');
  return { order: row, checkoutUrl: null };
}
