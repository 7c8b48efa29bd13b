import type { GuestSection } from '@shared/insights.ts';
import { sectionsReadBy } from './stay-reads.ts';
import { nanoid } from 'nanoid';
import type { StaysTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { StayOrder } from '@shared/schemas/order.ts';
import { MAX_STAY_DAYS, MAX_STAYS_AHEAD, staysQuerySchema, type CreateStayInput, type Stay, type StayOrdersChoice, type StayOverlap, type StaysPage, type StaysQuery, type UpdateStayInput } from '@shared/schemas/stay.ts';
import { atTime, effectiveTimeZone, instantToLocal, localToInstant, stayTimesOf, type StayTimes } from '@shared/time-zone.ts';
import type { Config } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { findOwnedInstruction } from '../guidebook/find-owned-instruction.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { consumeRateLimits, rateLimitedError, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../runtime.ts';
import { followStays, markOrdersToFollow, ordersHeldBy, type FollowOutcome } from '../extras/follow-stays.ts';
import { ordersOfStays } from '../extras/stay-orders.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { enqueueGuestMail } from '../http/mail-budget.ts';
import { overlapsOf, refuseOverlap } from './stay-overlaps.ts';
import { stayNotFound } from './stay-errors.ts';
import { stayMail } from './stay-mail.ts';
import { effectiveStayTimes, stayStatus } from './stay-window.ts';

/** Stay links are as unguessable as guidebook links, and longer: 24 characters of nanoid's 64. */
export const STAY_TOKEN_LENGTH = 24;
const DAY = 86_400_000;

export function newStayToken(): string {
  return nanoid(STAY_TOKEN_LENGTH);
}

/** The guest link of a stay, built from APP_URL like every link that leaves the server. */
export function stayUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return new URL(`/stay/${encodeURIComponent(token)}`, config.appUrl).href;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A stored stay as the owner's API answers it, its times shown in the guidebook's zone, with the extras its guest ordered. */
export function toStay(row: StaysTable, timeZone: string, config: Pick<Config, 'appUrl' | 'stayLinkDays'>, now = Date.now(), orders: StayOrder[] = [], read: GuestSection[] = [], overlaps: StayOverlap[] = []): Stay {
  const times = effectiveStayTimes(row);
  return {
    _id: row.id,
    token: row.token,
    url: stayUrl(config, row.token),
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    language: row.language,
    checkIn: instantToLocal(times.checkIn, timeZone),
    checkOut: instantToLocal(times.checkOut, timeZone),
    checkInAt: new Date(times.checkIn).toISOString(),
    checkOutAt: new Date(times.checkOut).toISOString(),
    timeZone: effectiveTimeZone(timeZone),
    source: row.calendar_uid === null ? 'manual' : 'calendar',
    status: stayStatus(times, config.stayLinkDays, now),
    reveals: { first: iso(row.first_revealed_at), last: iso(row.last_revealed_at), count: row.reveal_count },
    opens: { first: iso(row.first_opened_at), last: iso(row.last_opened_at), count: row.open_count },
    read,
    orders,
    reminderSentAt: iso(row.reminder_sent_at),
    overlaps,
    overlapAcceptedAt: iso(row.overlap_accepted_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Check-in and check-out typed in `timeZone`, as instants; a day given alone is at the guidebook's
 * usual time (`times`). 400 when they make no stay.
 */
export function stayInstants(checkIn: string, checkOut: string, timeZone: string, times?: StayTimes): { checkIn: number; checkOut: number } {
  const start = localToInstant(times ? atTime(checkIn, times.checkIn) : checkIn, timeZone);
  const end = localToInstant(times ? atTime(checkOut, times.checkOut) : checkOut, timeZone);
  if (start === null) throw new AppError('BAD_REQUEST', messages.stays.dateRequired('check-in'));
  if (end === null) throw new AppError('BAD_REQUEST', messages.stays.dateRequired('check-out'));
  if (end <= start) throw new AppError('BAD_REQUEST', messages.stays.checkOutBeforeCheckIn);
  if (end - start > MAX_STAY_DAYS * DAY) throw new AppError('BAD_REQUEST', messages.stays.tooLong(MAX_STAY_DAYS));
  return { checkIn: start, checkOut: end };
}

interface Owned {
  userId: string;
  /** The guidebook's id. */
  id: string;
}

/** The owner's guidebook (404 otherwise): its time zone and the times its stays start and end at. */
async function ownedGuidebook(scope: Owned): Promise<{ timeZone: string; times: StayTimes }> {
  const row = await findOwnedInstruction(scope);
  const content = parseStoredContent(row.data);
  return { timeZone: content.timeZone, times: stayTimesOf(content) };
}

async function ownedStay({ userId, id, stayId }: Owned & { stayId: string }): Promise<StaysTable> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('stays').selectAll().where('id', '=', stayId).where('instruction_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw stayNotFound();
  return row;
}

/** One stay of the owner's guidebook as the API answers it (404 for another host's or an unknown one). */
export async function getStay(scope: Owned & { stayId: string }): Promise<Stay> {
  const { timeZone } = await ownedGuidebook(scope);
  const row = await ownedStay(scope);
  const { db, config } = await getRuntime();
  const [orders, overlaps] = await Promise.all([ordersOfStays(db, [row.id]), overlapsOf(db, scope.id, [row])]);
  return toStay(row, timeZone, config, Date.now(), orders.get(row.id), [], overlaps.get(row.id));
}

/** The query of GET /api/instruction/:id/stays (schemas/stay.ts); 400 for anything else. */
export function readStaysQuery(params: URLSearchParams): StaysQuery {
  const parsed = staysQuerySchema.safeParse({ group: params.get('group') ?? undefined, limit: params.get('limit') ?? undefined, cursor: params.get('cursor') ?? undefined });
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.stays.staysQueryInvalid);
  return parsed.data;
}

/**
 * GET /api/instruction/:id/stays: one page of one group of the guidebook's stays, with each
 * group's count. Keyset pages on (check_in, id) along the stays_instruction index: a page costs
 * the same however many stays came before, and a stay added meanwhile shifts no page.
 */
export async function listStays(scope: Owned, { group, limit, cursor }: StaysQuery): Promise<Omit<StaysPage, 'calendar'>> {
  const { timeZone } = await ownedGuidebook(scope);
  const { db, config } = await getRuntime();
  const now = Date.now();
  const latestFirst = group === 'past';
  const direction = latestFirst ? 'desc' : 'asc';
  const beyond = latestFirst ? '<' : '>';
  let query = db.selectFrom('stays').selectAll().where('instruction_id', '=', scope.id).where('user_id', '=', scope.userId);
  // The same lines as stayStatus draws ('ended' is past).
  if (group === 'upcoming') query = query.where('check_in', '>', now);
  else if (group === 'current') query = query.where('check_in', '<=', now).where('check_out', '>', now);
  else query = query.where('check_out', '<=', now);
  if (cursor) {
    // "<check_in>.<id>" of the page before's last stay (the schema checked its form).
    const dot = cursor.indexOf('.');
    const checkIn = Number(cursor.slice(0, dot));
    const id = cursor.slice(dot + 1);
    query = query.where((eb) => eb.or([eb('check_in', beyond, checkIn), eb.and([eb('check_in', '=', checkIn), eb('id', beyond, id)])]));
  }
  const rows = await query.orderBy('check_in', direction).orderBy('id', direction).limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [tally] = await db
    .selectFrom('stays')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.countAll().filterWhere('check_in', '>', now).as('upcoming'),
      eb.fn.countAll().filterWhere('check_out', '<=', now).as('past'),
    ])
    .where('instruction_id', '=', scope.id)
    .where('user_id', '=', scope.userId)
    .execute();
  const [total, upcoming, past] = [Number(tally?.total ?? 0), Number(tally?.upcoming ?? 0), Number(tally?.past ?? 0)];
  const [orders, reads, overlaps] = await Promise.all([ordersOfStays(db, page.map((row) => row.id)), sectionsReadBy(db, page.map((row) => row.id)), overlapsOf(db, scope.id, page)]);
  return {
    group,
    stays: page.map((row) => toStay(row, timeZone, config, now, orders.get(row.id), reads.get(row.id), overlaps.get(row.id))),
    next: rows.length > limit && last ? `${last.check_in}.${last.id}` : null,
    counts: { current: total - upcoming - past, upcoming, past },
  };
}

/**
 * POST /api/instruction/:id/stays. Allowed on any plan: a stay changes no guidebook content. One
 * property holds one stay at a time: a stay over another (stay-overlaps.ts) is refused with 409
 * naming it, unless the host confirms (`allowOverlap`, recorded). Checked and written in one
 * transaction under the guidebook's stays lock, so two overlapping stays added at once cannot
 * both pass.
 */
export async function createStay(scope: Owned, input: CreateStayInput & { checkIn: string; checkOut: string }): Promise<Stay> {
  const { timeZone, times: usual } = await ownedGuidebook(scope);
  const times = stayInstants(input.checkIn, input.checkOut, timeZone, usual);
  const now = Date.now();
  await consumeRateLimits([rateRules.stayWriteUser(scope.userId)], now, messages.stays.tooManyWrites);
  const { db, dialect, config, log } = await getRuntime();
  const row: StaysTable = {
    id: nanoid(),
    instruction_id: scope.id,
    user_id: scope.userId,
    token: newStayToken(),
    guest_name: input.guestName ?? '',
    guest_email: input.guestEmail ?? '',
    language: input.language ?? '',
    check_in: times.checkIn,
    check_out: times.checkOut,
    calendar_uid: null,
    first_revealed_at: null,
    last_revealed_at: null,
    reveal_count: 0,
    first_opened_at: null,
    last_opened_at: null,
    open_count: 0,
    reminder_sent_at: null,
    late_checkout_until: null,
    early_checkin_from: null,
    overlap_accepted_at: null,
    created_at: now,
    updated_at: now,
  };
  const overlaps = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    const ahead = await trx.selectFrom('stays').select((eb) => eb.fn.countAll<number>().as('count')).where('instruction_id', '=', scope.id).where('calendar_uid', 'is', null).where('check_out', '>', now).executeTakeFirstOrThrow();
    if (Number(ahead.count) >= MAX_STAYS_AHEAD) throw new AppError('CONFLICT', messages.stays.tooManyAhead(MAX_STAYS_AHEAD));
    if (await refuseOverlap(trx, scope.id, row, timeZone, input.allowOverlap === true)) row.overlap_accepted_at = now;
    await trx.insertInto('stays').values(row).execute();
    return overlapsOf(trx, scope.id, [row]);
  });
  log.info({ userId: scope.userId, instructionId: scope.id, stayId: row.id, overlapAccepted: row.overlap_accepted_at !== null }, 'stays: created');
  return toStay(row, timeZone, config, now, [], [], overlaps.get(row.id));
}

/** The key that serialises the stay writes of one guidebook (PostgreSQL; SQLite writes one at a time). */
const staysLock = (guidebookId: string) => `stays:${guidebookId}`;

/**
 * PATCH /api/instruction/:id/stays/:stayId: the fields sent; a calendar stay's dates belong to
 * the calendar. New dates are checked for overlaps like a new stay's, and the stay's orders follow
 * them (extras/follow-stays.ts): a late check-out moves to the new check-out day when that slot is
 * free, else it ends with its money given back; `orders` says what became of each.
 */
export async function updateStay(scope: Owned & { stayId: string }, input: UpdateStayInput): Promise<{ stay: Stay; orders: FollowOutcome[] }> {
  const { timeZone, times: usual } = await ownedGuidebook(scope);
  const before = await ownedStay(scope);
  const datesSent = input.checkIn !== undefined || input.checkOut !== undefined;
  if (datesSent && before.calendar_uid !== null) throw new AppError('CONFLICT', messages.stays.fromCalendar);
  const times = datesSent
    ? stayInstants(input.checkIn ?? instantToLocal(before.check_in, timeZone), input.checkOut ?? instantToLocal(before.check_out, timeZone), timeZone, usual)
    : { checkIn: before.check_in, checkOut: before.check_out };
  const now = Date.now();
  await consumeRateLimits([rateRules.stayWriteUser(scope.userId)], now, messages.stays.tooManyWrites);
  const { db, dialect, config } = await getRuntime();
  const moved = times.checkIn !== before.check_in || times.checkOut !== before.check_out;
  const { updated, marked } = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    const next = { ...before, check_in: times.checkIn, check_out: times.checkOut };
    const accepted = moved && (await refuseOverlap(trx, scope.id, next, timeZone, input.allowOverlap === true));
    const row = await trx
      .updateTable('stays')
      .set({
        guest_name: input.guestName ?? before.guest_name,
        guest_email: input.guestEmail ?? before.guest_email,
        language: input.language ?? before.language,
        check_in: times.checkIn,
        check_out: times.checkOut,
        ...(accepted ? { overlap_accepted_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', scope.stayId)
      .where('user_id', '=', scope.userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw stayNotFound();
    return { updated: row, marked: moved ? await markOrdersToFollow(trx, [row.id], 'moved') : [] };
  });
  const orders = await followStays(marked, now);
  const after = (await db.selectFrom('stays').selectAll().where('id', '=', updated.id).executeTakeFirst()) ?? updated;
  const [held, overlaps] = await Promise.all([ordersOfStays(db, [after.id]), overlapsOf(db, scope.id, [after])]);
  return { stay: toStay(after, timeZone, config, now, held.get(after.id), [], overlaps.get(after.id)), orders };
}

/**
 * DELETE /api/instruction/:id/stays/:stayId: the link answers 404 from now on (stay pages are never
 * stored). A stay with orders paid or waiting is deleted only once the host says what becomes of
 * them (`orders`): `refund` ends them all with the money given back, `keep` keeps what was paid or
 * approved and ends only what waits; without it, 409 listing them. Ended orders mail both sides
 * (extras/follow-stays.ts). Answers how many orders ended.
 */
export async function deleteStay(scope: Owned & { stayId: string; orders?: StayOrdersChoice | undefined }): Promise<{ ended: number }> {
  await findOwnedInstruction(scope);
  const { db, dialect } = await getRuntime();
  const stay = await ownedStay(scope);
  const held = await ordersHeldBy(db, [stay.id]);
  if (held.length > 0 && !scope.orders) {
    throw new AppError('CONFLICT', messages.stays.hasOrders(held.length), { details: { orders: held.map((order) => ({ id: order.id, title: order.title, status: order.status, amount: order.amount, currency: order.currency, paid: order.payment_intent_id !== null })) } });
  }
  const marked = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, staysLock(scope.id));
    const ids = await markOrdersToFollow(trx, [stay.id], 'gone', { keepPaid: scope.orders === 'keep' });
    const deleted = await trx.deleteFrom('stays').where('id', '=', scope.stayId).where('instruction_id', '=', scope.id).where('user_id', '=', scope.userId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw stayNotFound();
    return ids;
  });
  const outcomes = await followStays(marked);
  return { ended: outcomes.filter((outcome) => outcome.outcome === 'ended').length };
}

/**
 * POST /api/instruction/:id/stays/:stayId/send: the stay's link by e-mail through the outbox, to
 * `email` or the stay's guest (stay-mail.ts: the link and the dates, never a secret). Same limits
 * as sharing a guidebook link.
 */
export async function sendStayLink(scope: Owned & { stayId: string; userName: string; email: string | undefined; ip: string }): Promise<{ to: string }> {
  const guidebook = await findOwnedInstruction(scope);
  const stay = await ownedStay(scope);
  const to = scope.email || stay.guest_email;
  if (!to) throw new AppError('BAD_REQUEST', messages.stays.noEmail);
  await consumeRateLimits([rateRules.shareUser(scope.userId), rateRules.shareIp(scope.ip)], Date.now(), messages.sharing.tooManyMails);
  const { db, outbox, config, log } = await getRuntime();
  const stored = parseStoredContent(guidebook.data);
  const mail = stayMail({ to, stored, stay, userName: scope.userName, url: stayUrl(config, stay.token), kind: 'link' });
  // One budget for every mail a host can cause to an address, whichever route (docs/security.md 37).
  const sent = await enqueueGuestMail(outbox, db, mail, scope.userId);
  if (!sent.queued) throw rateLimitedError(sent.retryAfterMs, messages.stays.tooManyMails);
  const outboxId = sent.id;
  outbox.kick();
  log.info({ userId: scope.userId, stayId: stay.id, outboxId }, 'stays: stay link mail queued');
  return { to };
}
