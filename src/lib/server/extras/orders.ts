import { nanoid } from 'nanoid';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable, StaysTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { messages } from '@shared/messages.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import { HOLDING_STATUSES, type GuestExtra, type GuestOrder, type Order, type OrderRequest } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { findOwnedInstruction } from '../instructions/find-owned-instruction.ts';
import { parseStoredContent } from '../instructions/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../rate-limit.ts';
import { getRuntime } from '../runtime.ts';
import { findGuestTarget } from '../stays/reveal-secrets.ts';
import { availability, collides, effectiveStayTimes, type Availability, type StayTimes } from './availability.ts';
import { decisionMail, orderRequestMail } from './order-mails.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The key that serialises the order writes of one guidebook. */
const ordersLock = (guidebookId: string) => `orders:${guidebookId}`;

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

/** What the guidebook's other stays and this stay's held orders are, read in `db` (a transaction when deciding). */
async function slotFacts(db: Db, stay: StaysTable): Promise<{ others: StayTimes[]; held: { extraId: number; quantity: number }[] }> {
  const [others, held] = await Promise.all([
    db
      .selectFrom('stays')
      .select(['id', 'check_in', 'check_out', 'early_checkin_from', 'late_checkout_until'])
      .where('instruction_id', '=', stay.instruction_id)
      .where('id', '!=', stay.id)
      // Only stays that touch this one's first or last day matter.
      .where('check_out', '>=', stay.check_in - 86_400_000)
      .where('check_in', '<=', stay.check_out + 86_400_000)
      .execute(),
    db.selectFrom('orders').select(['extra_id', 'quantity']).where('stay_id', '=', stay.id).where('status', 'in', HOLDING_STATUSES).execute(),
  ]);
  return {
    others: others.map((row) => ({ id: row.id, ...effectiveStayTimes(row) })),
    held: held.map((row) => ({ extraId: row.extra_id, quantity: row.quantity })),
  };
}

/** The stay a guest token opens (a guidebook's own link orders nothing: 404), with its guidebook's extras and zone. */
async function stayTarget(token: string, now: number) {
  const { guidebook, stay } = await findGuestTarget(token, now);
  if (!stay) throw new AppError('NOT_FOUND', messages.orders.stayLinkOnly);
  const content = parseStoredContent(guidebook.data);
  return { guidebook, stay, content, extras: content.extras.filter((extra) => extra.active) };
}

const stayTimesOf = (stay: StaysTable): StayTimes => ({ id: stay.id, ...effectiveStayTimes(stay) });

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

/** GET /api/guest/:token/extras: the active extras and whether this stay can have each now. */
export async function listGuestExtras(token: string, now = Date.now()): Promise<GuestExtra[]> {
  const { stay, content, extras } = await stayTarget(token, now);
  const answers = await stayAvailability(stay, extras, content.timeZone, now);
  return extras.map((extra) => ({ id: extra.id, kind: extra.kind, title: extra.title, price: extra.price, currency: extra.currency, ...answers.get(extra.id)! }));
}

/**
 * POST /api/guest/:token/extras/:extraId: the guest asks for an extra; the host confirms and the
 * payment is settled on site (docs/decisions/020). The extra and its price are read from the
 * saved guidebook, never from the body; availability is checked again in the transaction that
 * records the order, so two guests asking for one slot at once cannot both hold it. The host gets
 * a mail with the request; the guest one saying it was passed on.
 */
export async function requestExtra({ token, extraId, input, ip, now = Date.now() }: { token: string; extraId: number; input: OrderRequest; ip: string; now?: number }): Promise<GuestOrder> {
  const { guidebook, stay, content, extras } = await stayTarget(token, now);
  const extra = extras.find((each) => each.id === extraId);
  if (!extra) throw new AppError('NOT_FOUND', messages.orders.extraNotFound);
  await consumeRateLimits([rateRules.extraRequestIp(ip), rateRules.extraRequestStay(stay.id)], now, messages.orders.tooMany);
  const { db, dialect, outbox, config, log } = await getRuntime();
  const host = await db.selectFrom('users').select(['email', 'name']).where('id', '=', guidebook.user_id).executeTakeFirst();
  if (!host) throw new AppError('NOT_FOUND', messages.instruction.notFound);
  const quantity = extra.kind === 'item' ? Math.min(input.quantity, extra.maxPerStay) : 1;

  const row = await db.transaction().execute(async (trx) => {
    // One guidebook's orders are decided one at a time (PostgreSQL; SQLite writes one at a time anyway).
    await lockForTransaction(trx, dialect, ordersLock(guidebook.id));
    // The stay as it is now, inside the transaction: a late check-out approved meanwhile counts.
    const current = await trx.selectFrom('stays').selectAll().where('id', '=', stay.id).executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', messages.instruction.notFound);
    const result = availability({ extra, stay: stayTimesOf(current), ...(await slotFacts(trx, current)), zone: content.timeZone, now });
    if (!result.available) throw new AppError('CONFLICT', reasonText(guestWords(), result)!);
    const order: OrdersTable = {
      id: nanoid(),
      user_id: guidebook.user_id,
      instruction_id: guidebook.id,
      stay_id: stay.id,
      extra_id: extra.id,
      kind: extra.kind,
      title: extra.title,
      amount: extra.price * quantity,
      currency: extra.currency,
      quantity,
      approval: extra.approval,
      status: 'requested',
      guest_name: current.guest_name,
      guest_email: current.guest_email,
      guest_note: input.note.replace(/[\p{Cc}]+/gu, ' '),
      moves_to: result.movesTo,
      decision_token_hash: null,
      checkout_session_id: null,
      payment_intent_id: null,
      created_at: now,
      updated_at: now,
      decided_at: null,
    };
    await trx.insertInto('orders').values(order).execute();
    for (const mail of orderRequestMail({ order, extra, content, stay: current, hostEmail: host.email, appUrl: config.appUrl })) await outbox.enqueue(mail, trx);
    return order;
  });
  outbox.kick();
  log.info({ orderId: row.id, instructionId: guidebook.id, stayId: stay.id }, 'extras: request recorded');
  return toGuestOrder(row);
}

/** GET /api/orders[?guidebook=]: the host's orders (of one guidebook when asked), newest first. */
export async function listOrders({ userId, guidebookId }: { userId: string; guidebookId?: string | undefined }): Promise<Order[]> {
  const { db } = await getRuntime();
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (guidebookId) query = query.where('instruction_id', '=', (await findOwnedInstruction({ userId, id: guidebookId })).id);
  const rows = await query.orderBy('created_at', 'desc').limit(500).execute();
  const names = await guidebookNames(db, userId, [...new Set(rows.map((row) => row.instruction_id))]);
  return rows.map((row) => toOrder(row, names.get(row.instruction_id)));
}

/**
 * PATCH /api/orders/:orderId: the host approves or declines a request. Approving a
 * late check-out or early check-in checks the slot again and moves the stay in the same
 * transaction (its door-code window and link follow); the guest gets a mail either way. Only a
 * waiting request can be decided: a second click, or a decision from another tab, answers 409.
 */
export async function decideOrder(scope: { userId: string; orderId: string; decision: 'approve' | 'decline' }, now = Date.now()): Promise<Order> {
  const { db, dialect, outbox, config } = await getRuntime();
  const row = await db.transaction().execute(async (trx) => {
    const owned = () => trx.selectFrom('orders').selectAll().where('id', '=', scope.orderId).where('user_id', '=', scope.userId).executeTakeFirst();
    const found = await owned();
    if (!found) throw new AppError('NOT_FOUND', messages.orders.notFound);
    await lockForTransaction(trx, dialect, ordersLock(found.instruction_id));
    // Read again under the lock: another decision may have come first.
    const order = (await owned())!;
    const guidebook = await trx.selectFrom('instructions').select('data').where('id', '=', order.instruction_id).executeTakeFirstOrThrow();
    const content = parseStoredContent(guidebook.data);
    if (order.status !== 'requested') throw new AppError('CONFLICT', messages.orders.notWaiting);
    const stay = order.stay_id ? await trx.selectFrom('stays').selectAll().where('id', '=', order.stay_id).executeTakeFirst() : undefined;
    if (scope.decision === 'approve' && stay && order.moves_to !== null && order.kind !== 'item') {
      // Another booking may have arrived since the guest asked (a calendar import): check again.
      const { others } = await slotFacts(trx, stay);
      if (now >= effectiveStayTimes(stay).checkOut || collides(order.kind, order.moves_to, stay.id, others, content.timeZone)) throw new AppError('CONFLICT', messages.orders.slotTaken);
      await trx
        .updateTable('stays')
        .set(order.kind === 'late-checkout' ? { late_checkout_until: order.moves_to, updated_at: now } : { early_checkin_from: order.moves_to, updated_at: now })
        .where('id', '=', stay.id)
        .execute();
    }
    const status = scope.decision === 'approve' ? 'approved' : 'declined';
    const updated = await trx
      .updateTable('orders')
      .set({ status, decided_at: now, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'requested')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('CONFLICT', messages.orders.notWaiting);
    const mail = decisionMail({ order: updated, content, stay: stay ?? null, appUrl: config.appUrl });
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
