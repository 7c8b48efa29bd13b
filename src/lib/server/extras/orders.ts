import { nanoid } from 'nanoid';
import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { messages } from '@shared/messages.ts';
import type { Currency } from '@shared/currencies.ts';
import { publicLinkExtras, type Extra } from '@shared/schemas/instruction.ts';
import type { GuestExtra, GuestOrder, MonthTotal, Order, OrderRequest } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { withStripe } from '../billing/stripe-errors.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { guestTooMany } from '../http/guest-language.ts';
import { findOwnedInstruction } from '../instructions/find-owned-instruction.ts';
import { parseStoredContent } from '../instructions/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../rate-limit.ts';
import { getRuntime } from '../runtime.ts';
import { findGuestTarget } from '../stays/reveal-secrets.ts';
import { availability, collides, effectiveStayTimes, type Availability } from './availability.ts';
import { newDecisionToken } from './decision-token.ts';
import { decisionMail, orderRequestMail, refundMail, slotLostMails } from './order-mails.ts';
import { closeWaitingOrder, moveStay, ordersLock, slotFacts, stayTimesOf, unmoveStay, type Db } from './order-slots.ts';
import { publicLinkGuest, publicLinkRules } from './public-link.ts';
import { orderedByGuest } from './stay-orders.ts';
import { onlinePaymentsOf, refundPayment, releasePendingCheckouts, settleDecision, startOrderCheckout } from './payments.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function toGuestOrder(row: OrdersTable): GuestOrder {
  return { id: row.id, extraId: row.extra_id, title: row.title, amount: row.amount, currency: row.currency as GuestOrder['currency'], quantity: row.quantity, status: row.status };
}

function toOrder(row: OrdersTable, guidebook: { name: string; zone: string } | undefined): Order {
  return {
    ...toGuestOrder(row),
    kind: row.kind,
    guidebookId: row.instruction_id,
    guidebookName: guidebook?.name ?? '',
    stayId: row.stay_id,
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    guestNote: row.guest_note,
    approval: row.approval,
    paid: row.payment_intent_id !== null,
    movesTo: iso(row.moves_to),
    movesToLabel: row.moves_to === null ? null : formatStayTime(row.moves_to, guidebook?.zone ?? ''),
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
  };
}

/** The guest's words for why an extra cannot be had. */
function reasonText(words: GuestWords, result: Availability): string | null {
  return result.available ? null : words[`extras.reason.${result.reason}`];
}

/**
 * The stay a guest token opens, with its guidebook's active extras and zone; a guidebook's own
 * link (no stay) orders only when its host offers extras there (public-link.ts), else 404 (said
 * in the guest's `words`).
 */
async function stayTarget(token: string, now: number, words: GuestWords) {
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  const content = parseStoredContent(guidebook.data);
  if (!stay && !content.extrasOnPublicLink) throw new AppError('NOT_FOUND', words['api.extrasStayLinkOnly']);
  return { guidebook, stay, content, extras: content.extras.filter((extra) => extra.active) };
}

/** Whether `stay` can have each of `extras` now, and why not in the guest's words (one read of the other stays and the held orders). */
export async function stayAvailability(stay: StaysTable, extras: readonly Extra[], zone: string, now = Date.now(), words: GuestWords = guestWords()): Promise<Map<number, { available: boolean; reason: string | null }>> {
  const answers = new Map<number, { available: boolean; reason: string | null }>();
  if (extras.length === 0) return answers;
  const { db } = await getRuntime();
  const facts = await slotFacts(db, stay);
  for (const extra of extras) {
    const result = availability({ extra, stay: stayTimesOf(stay), ...facts, zone, now });
    answers.set(extra.id, { available: result.available, reason: reasonText(words, result) });
  }
  return answers;
}

/** GET /api/guest/:token/extras: the active extras and whether this stay can have each now (on a public link: its items, each available). */
export async function listGuestExtras(token: string, now = Date.now(), words: GuestWords = guestWords()): Promise<GuestExtra[]> {
  const { stay, content, extras } = await stayTarget(token, now, words);
  if (!stay) return publicLinkExtras(extras).map((extra) => ({ id: extra.id, kind: extra.kind, title: extra.title, price: extra.price, currency: extra.currency, available: true, reason: null }));
  const answers = await stayAvailability(stay, extras, content.timeZone, now, words);
  return extras.map((extra) => ({ id: extra.id, kind: extra.kind, title: extra.title, price: extra.price, currency: extra.currency, ...answers.get(extra.id)! }));
}

/**
 * POST /api/guest/:token/extras/:extraId: the guest asks for an extra (docs/decisions/020). The
 * extra and its price are read from the saved guidebook, never from the body; availability is
 * checked again in the transaction that records the order, so two guests asking for one slot at
 * once cannot both hold it.
 * - Paid online (Stripe here, a Gold or Premium host with an account that takes charges, a price
 *   above 0): the order waits as `awaiting_payment` and the guest is sent to Checkout
 *   (payments.ts); the mails follow the payment.
 * - Otherwise a request: the host confirms and the payment is settled on site. The host gets a
 *   mail with the request; the guest one saying it was passed on.
 * On a guidebook's public link (public-link.ts) the order has no stay: an item only, for the
 * name and e-mail the guest gave, with nothing held to check.
 * Every refusal is said in the guest's `words`.
 */
export async function requestExtra({ token, extraId, input, ip, now = Date.now(), words = guestWords() }: { token: string; extraId: number; input: OrderRequest; ip: string; now?: number; words?: GuestWords }): Promise<{ order: GuestOrder; checkoutUrl: string | null }> {
  const { guidebook, stay, content, extras } = await stayTarget(token, now, words);
  const extra = extras.find((each) => each.id === extraId);
  if (!extra) throw new AppError('NOT_FOUND', words['api.extraNotFound']);
  const stranger = stay ? null : publicLinkGuest(extra, input, words);
  const rules = stranger ? publicLinkRules({ ip, guidebookId: guidebook.id, email: stranger.email }) : [rateRules.extraRequestIp(ip), rateRules.extraRequestStay(stay!.id)];
  await consumeRateLimits(rules, now, guestTooMany(words, 'api.tooManyRequests'));
  const { db, dialect, outbox, config, log } = await getRuntime();
  const host = await db.selectFrom('users').select(['email', 'name']).where('id', '=', guidebook.user_id).executeTakeFirst();
  if (!host) throw new AppError('NOT_FOUND', words['api.notFound']);
  const quantity = extra.kind === 'item' ? Math.min(input.quantity, extra.maxPerStay) : 1;
  const payments = extra.price > 0 ? await onlinePaymentsOf(guidebook.user_id) : null;
  if (payments && stay) await withStripe('release earlier checkout', () => releasePendingCheckouts({ stayId: stay.id, extraId: extra.id, payments }));

  // A request waits for the host, who gets single-use Approve and Decline links; a paid order gets them once authorised.
  const decision = payments ? null : newDecisionToken();
  const row = await db.transaction().execute(async (trx) => {
    // One guidebook's orders are decided one at a time (PostgreSQL; SQLite writes one at a time anyway).
    await lockForTransaction(trx, dialect, ordersLock(guidebook.id));
    // The stay as it is now, inside the transaction: a late check-out approved meanwhile counts.
    const current = stay ? ((await trx.selectFrom('stays').selectAll().where('id', '=', stay.id).executeTakeFirst()) ?? null) : null;
    if (stay && !current) throw new AppError('NOT_FOUND', words['api.notFound']);
    // A public-link item holds nothing to check: no stay, and the quantity is capped above.
    const result = current ? availability({ extra, stay: stayTimesOf(current), ...(await slotFacts(trx, current)), zone: content.timeZone, now, quantity }) : ({ available: true, movesTo: null } as const);
    if (!result.available) throw new AppError('CONFLICT', reasonText(words, result)!);
    const order: OrdersTable = {
      id: nanoid(),
      user_id: guidebook.user_id,
      instruction_id: guidebook.id,
      stay_id: current?.id ?? null,
      extra_id: extra.id,
      kind: extra.kind,
      title: extra.title,
      amount: extra.price * quantity,
      currency: extra.currency,
      quantity,
      approval: extra.approval,
      status: payments ? 'awaiting_payment' : 'requested',
      guest_name: current ? current.guest_name : stranger!.name,
      guest_email: current ? current.guest_email : stranger!.email,
      guest_note: input.note.replace(/[\p{Cc}]+/gu, ' '),
      moves_to: result.movesTo,
      decision_token_hash: decision?.hash ?? null,
      checkout_session_id: null,
      payment_intent_id: null,
      created_at: now,
      updated_at: now,
      decided_at: null,
    };
    await trx.insertInto('orders').values(order).execute();
    if (decision) for (const mail of orderRequestMail({ order, extra, content, stay: current, hostEmail: host.email, appUrl: config.appUrl, decisionToken: decision.token })) await outbox.enqueue(mail, trx);
    return order;
  });
  if (payments) {
    const checkoutUrl = await startOrderCheckout({ order: row, token, payments, now, words });
    log.info({ orderId: row.id, instructionId: guidebook.id, stayId: row.stay_id }, 'extras: order awaiting payment');
    return { order: toGuestOrder(row), checkoutUrl };
  }
  outbox.kick();
  log.info({ orderId: row.id, instructionId: guidebook.id, stayId: row.stay_id }, 'extras: request recorded');
  return { order: toGuestOrder(row), checkoutUrl: null };
}

/** GET /api/orders[?guidebook=]: the host's orders (of one guidebook when asked), newest first, and what each month sold. */
export async function listOrders({ userId, guidebookId, now = Date.now() }: { userId: string; guidebookId?: string | undefined; now?: number }): Promise<{ orders: Order[]; months: MonthTotal[] }> {
  const { db } = await getRuntime();
  const instructionId = guidebookId ? (await findOwnedInstruction({ userId, id: guidebookId })).id : undefined;
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where(orderedByGuest);
  if (instructionId) query = query.where('instruction_id', '=', instructionId);
  const [rows, months] = await Promise.all([query.orderBy('created_at', 'desc').limit(500).execute(), monthTotals(db, userId, instructionId, now)]);
  const names = await guidebookNames(db, userId, [...new Set(rows.map((row) => row.instruction_id))]);
  return { orders: rows.map((row) => toOrder(row, names.get(row.instruction_id))), months };
}

/**
 * What the host sold in each of the last twelve calendar months (UTC) that sold anything, newest
 * first: orders paid or approved (a request the host confirmed counts, its money settled on site),
 * refunds left out. Summed here rather than in SQL: a year of one host's orders is small, and
 * the month of a timestamp is worded differently by each database.
 */
async function monthTotals(db: Db, userId: string, instructionId: string | undefined, now: number): Promise<MonthTotal[]> {
  const today = new Date(now);
  const since = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1);
  let query = db.selectFrom('orders').select(['created_at', 'amount', 'currency']).where('user_id', '=', userId).where('status', 'in', ['paid', 'approved']).where('created_at', '>=', since);
  if (instructionId) query = query.where('instruction_id', '=', instructionId);
  const totals = new Map<string, MonthTotal>();
  for (const row of await query.execute()) {
    const month = new Date(row.created_at).toISOString().slice(0, 7);
    const key = `${month} ${row.currency}`;
    const total = totals.get(key) ?? { month, currency: row.currency as Currency, amount: 0, orders: 0 };
    total.amount += row.amount;
    total.orders += 1;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
}

/** Whether another booking (a calendar import, a stay added since) now takes the order's new check-out or check-in. */
async function slotTaken(trx: Db, order: OrdersTable, stay: StaysTable, zone: string, now: number): Promise<boolean> {
  if (order.moves_to === null || order.kind === 'item') return false;
  const { others } = await slotFacts(trx, stay);
  return now >= effectiveStayTimes(stay).checkOut || collides(order.kind, order.moves_to, stay.id, others, zone);
}

/**
 * PATCH /api/orders/:orderId: the host approves or declines a request. Approving a
 * late check-out or early check-in checks the slot again and moves the stay in the same
 * transaction (its door-code window and link follow); the guest gets a mail either way. Only a
 * waiting request can be decided: a second click, or a decision from another tab, answers 409.
 * A paid order (its card authorised at checkout, docs/decisions/020) is charged or released on
 * Stripe first and the decision stored after, so an approval never stands without its money; a
 * hold that lapsed meanwhile cancels the order (409).
 */
export async function decideOrder(scope: { userId: string; orderId: string; decision: 'approve' | 'decline' }, now = Date.now()): Promise<Order> {
  const { db, dialect, outbox, config } = await getRuntime();
  const owned = (trx: Db) => trx.selectFrom('orders').selectAll().where('id', '=', scope.orderId).where('user_id', '=', scope.userId).executeTakeFirst();
  const pending = await owned(db);
  if (!pending) throw new AppError('NOT_FOUND', messages.orders.notFound);
  if (pending.payment_intent_id !== null && pending.status === 'requested') {
    if (scope.decision === 'approve') {
      // No charge for a slot that is gone: checked before capturing, and again when storing.
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, dialect, ordersLock(pending.instruction_id));
        const order = (await owned(trx))!;
        if (order.status !== 'requested') throw new AppError('CONFLICT', messages.orders.notWaiting);
        const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
        const { data } = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
        if (stay && (await slotTaken(trx, order, stay, parseStoredContent(data).timeZone, now))) throw new AppError('CONFLICT', messages.orders.slotTaken);
      });
    }
    const settled = await settleDecision(pending, scope.decision);
    if (settled === 'lapsed') {
      await db.updateTable('orders').set({ status: 'cancelled', decided_at: now, updated_at: now, decision_token_hash: null }).where('id', '=', pending.id).where('status', '=', 'requested').execute();
      throw new AppError('CONFLICT', messages.orders.authorisationLapsed);
    }
    if (settled === 'captured') throw new AppError('CONFLICT', messages.orders.notWaiting);
  }
  const row = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(pending.instruction_id));
    // Read again under the lock: another decision may have come first.
    const order = (await owned(trx))!;
    const guidebook = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(guidebook.data);
    if (order.status !== 'requested') throw new AppError('CONFLICT', messages.orders.notWaiting);
    const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
    if (scope.decision === 'approve' && stay) {
      // Another booking may have arrived since the guest asked (a calendar import): check again.
      if (await slotTaken(trx, order, stay, content.timeZone, now)) {
        if (order.payment_intent_id === null) throw new AppError('CONFLICT', messages.orders.slotTaken);
        // Taken between the check before capturing and now: the money goes back (below).
        return null;
      }
      await moveStay(trx, order, stay.id, now);
    }
    const updated = await trx
      .updateTable('orders')
      // The mail's Approve and Decline links die with the decision, whichever way it was made.
      .set({ status: scope.decision === 'approve' ? 'approved' : 'declined', decided_at: now, updated_at: now, decision_token_hash: null })
      .where('id', '=', order.id)
      .where('status', '=', 'requested')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('CONFLICT', messages.orders.notWaiting);
    const mail = decisionMail({ order: updated, content, stay: stay ?? null, appUrl: config.appUrl });
    if (mail) await outbox.enqueue(mail, trx);
    return updated;
  });
  if (!row) {
    // Refunded on Stripe before the order says so (docs/decisions/020): should the refund fail, the
    // order still waits and the host's next Approve tries again, rather than a guest told "refunded" in vain.
    await refundPayment(pending);
    await closeWaitingOrder(pending, 'refunded', now, ({ order, content, hostEmail }) => slotLostMails({ order, content, hostEmail, guestEmail: order.guest_email }));
    throw new AppError('CONFLICT', messages.orders.slotTaken);
  }
  outbox.kick();
  const names = await guidebookNames(db, scope.userId, [row.instruction_id]);
  return toOrder(row, names.get(row.instruction_id));
}

/**
 * POST /api/orders/:orderId/refund: the host gives a paid (or approved paid) order's money back, on
 * Stripe first with the transfer reversed and the fee returned (docs/decisions/020), then the order
 * is `refunded` (compare-and-set: a second click answers 409) and the guest mailed. A late
 * check-out or early check-in refunded gives its time back: the stay returns to its booked times
 * (and its door-code window with them), in the same transaction.
 */
export async function refundOrder(scope: { userId: string; orderId: string }, now = Date.now()): Promise<Order> {
  const { db, dialect, outbox } = await getRuntime();
  const order = await db.selectFrom('orders').selectAll().where('id', '=', scope.orderId).where('user_id', '=', scope.userId).executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', messages.orders.notFound);
  if ((order.status !== 'paid' && order.status !== 'approved') || order.payment_intent_id === null) throw new AppError('CONFLICT', messages.orders.notRefundable);
  await refundPayment(order);
  const row = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, ordersLock(order.instruction_id));
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'refunded', updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('CONFLICT', messages.orders.notRefundable);
    const movedBack = await unmoveStay(trx, updated, now);
    const { data } = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const mail = refundMail({ order: updated, content: parseStoredContent(data), movedBack });
    if (mail) await outbox.enqueue(mail, trx);
    return updated;
  });
  outbox.kick();
  const names = await guidebookNames(db, scope.userId, [row.instruction_id]);
  return toOrder(row, names.get(row.instruction_id));
}

/** The current names and time zones of the host's guidebooks `ids` (one read). */
async function guidebookNames(db: Db, userId: string, ids: string[]): Promise<Map<string, { name: string; zone: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('instructions').select(['id', 'data']).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return new Map(
    rows.map((row) => {
      const content = parseStoredContent(row.data);
      return [row.id, { name: content.nameInstruction, zone: content.timeZone }];
    }),
  );
}
