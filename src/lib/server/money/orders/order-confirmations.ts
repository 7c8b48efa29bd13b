import { nanoid } from 'nanoid';
import type { InstructionsTable, OrderConfirmationsTable, OrdersTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import type { Extra, InstructionContent } from '@shared/schemas/instruction.ts';
import type { ConfirmationPage } from '@shared/order-confirmation.ts';
import { formatPrice, type Currency } from '@shared/currencies.ts';
import { translatedContent } from '@shared/translations.ts';
import { teamContact } from '../../account/team-contact.ts';
import { generateToken, hashToken } from '../../http/session-token.ts';
import { verifyTurnstile } from '../../http/verify-turnstile.ts';
import { withRecordLock } from '../../platform/db/record-lock.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeRateLimits, rateLimitedError } from '../../http/rate-limit.ts';
import { guestTooMany } from '../../http/guest-language.ts';
import { publicLinkConfirmRules } from './public-link.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { rulesFor } from '../../guidebook/channel-rules.ts';
import { enqueueGuestMail } from '../../http/mail-budget.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { confirmOrderMail } from './order-mails.ts';
import { onlinePaymentsOf } from './online-payments.ts';
import { placeOrder } from './place-order.ts';

/**
 * A public-link order reaches the host only once its guest proves the address (docs/security.md
 * 37, docs/decisions/020 public-link orders): the form's answer records what was asked here, in
 * `order_confirmations`, and mails a single-use link to the address given; only the link's button
 * makes it an order (place-order.ts), which the host then sees and is mailed about. A stranger who
 * types someone else's address sends that person one mail, without the name typed, counted in the
 * recipient's daily mail budget; the host hears nothing.
 */

/** How long the confirmation link works. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60_000;

/** Confirmation ids are nanoids; tokens 32 bytes of base64url. Anything else is no link of ours. */
const ID = /^[\w-]{21}$/;
const TOKEN = /^[\w-]{43}$/;

export function confirmationUrl(appUrl: URL, id: string, token: string): string {
  const url = new URL(`/confirm/${encodeURIComponent(id)}`, appUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** The order a confirmation will make, as the mails and the page word it (nothing of it is stored as an order yet). */
function orderToBe(row: Pick<OrderConfirmationsTable, 'id' | 'user_id' | 'team_id' | 'instruction_id' | 'extra_id' | 'quantity' | 'guest_email' | 'language' | 'created_at'>, extra: Extra): OrdersTable {
  return {
    id: row.id,
    user_id: row.user_id,
    team_id: row.team_id,
    instruction_id: row.instruction_id,
    stay_id: null,
    extra_id: extra.id,
    kind: extra.kind,
    title: extra.title,
    amount: extra.price * row.quantity,
    currency: extra.currency,
    quantity: row.quantity,
    approval: extra.approval,
    status: 'requested',
    guest_name: '',
    guest_email: row.guest_email,
    guest_note: '',
    moves_to: null,
    decision_token_hash: null,
    checkout_session_id: null,
    payment_intent_id: null,
    created_at: row.created_at,
    updated_at: row.created_at,
    decided_at: null,
    follow_up: null,
    language: row.language,
    stay_removed_at: null,
  };
}

/**
 * POST /api/guest/:token/extras/:extraId on a public link: the human check when Turnstile is
 * configured, then the request is kept for 24 hours and its guest mailed the confirmation link.
 * 429 in the guest's words when that address has had its mails for today.
 */
export async function askToConfirm({ guidebook, content, extra, quantity, note, guest, ip, turnstileToken, words, now }: { guidebook: Pick<InstructionsTable, 'id' | 'team_id'>; content: InstructionContent; extra: Extra; quantity: number; note: string; guest: { name: string; email: string }; ip: string; turnstileToken: string; words: GuestWords; now: number }): Promise<void> {
  const { db, outbox, config, log } = await getRuntime();
  if (!(await verifyTurnstile({ config, log, token: turnstileToken, ip }))) throw new AppError('BAD_REQUEST', words['contact.captchaRequired']);
  const owner = await teamContact(db, guidebook.team_id);
  if (!owner) throw new AppError('NOT_FOUND', words['api.notFound']);
  const token = generateToken();
  const row: OrderConfirmationsTable = {
    id: nanoid(),
    token_hash: hashToken(token),
    user_id: owner.userId,
    team_id: guidebook.team_id,
    instruction_id: guidebook.id,
    extra_id: extra.id,
    quantity,
    guest_name: guest.name,
    guest_email: guest.email,
    guest_note: note.replace(/[\p{Cc}]+/gu, ' '),
    language: words['locale.lang'],
    created_at: now,
    expires_at: now + CONFIRMATION_TTL_MS,
    order_id: null,
    confirmed_at: null,
  };
  const mail = confirmOrderMail({ to: guest.email, order: orderToBe(row, extra), content, url: confirmationUrl(config.appUrl, row.id, token) });
  await db.transaction().execute(async (trx) => {
    // Links nobody confirmed in time are dead weight: swept as new ones come.
    await trx.deleteFrom('order_confirmations').where('expires_at', '<=', now).where('order_id', 'is', null).execute();
    await trx.insertInto('order_confirmations').values(row).execute();
    const sent = await enqueueGuestMail(outbox, trx, mail, null, now);
    if (!sent.queued) throw rateLimitedError(sent.retryAfterMs, () => words['api.tooManyMails']);
  });
  outbox.kick();
  log.info({ confirmationId: row.id, instructionId: guidebook.id }, 'extras: public-link order waits for its guest to confirm');
}

type Found = { state: 'live' | 'done'; row: OrderConfirmationsTable } | { state: 'unknown' };

async function findByLink(id: string, token: string, now: number): Promise<Found> {
  if (!ID.test(id) || !TOKEN.test(token)) return { state: 'unknown' };
  const { db } = await getRuntime();
  const row = await db.selectFrom('order_confirmations').selectAll().where('id', '=', id).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.order_id !== null) return { state: 'done', row };
  return row.expires_at > now ? { state: 'live', row } : { state: 'unknown' };
}

/** The guidebook and the extra a confirmation asks for, as they are now; null when either is gone or no longer offered there. */
async function offerOf(row: OrderConfirmationsTable): Promise<{ guidebook: InstructionsTable; content: InstructionContent; extra: Extra } | null> {
  const { db } = await getRuntime();
  const guidebook = await db.selectFrom('instructions').selectAll().where('id', '=', row.instruction_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!guidebook) return null;
  const content = parseStoredContent(guidebook.data);
  // Offered there still, by the public link's rule (docs/decisions/028 §10).
  const extra = rulesFor(content, 'link').extras.find((each) => each.id === row.extra_id);
  return extra ? { guidebook, content, extra } : null;
}

/**
 * GET /confirm/:id?token=…: what the page shows, in the guest's language. Reading it changes
 * nothing (mail scanners open links); its button confirms.
 */
export async function openConfirmation({ id, token, now = Date.now() }: { id: string; token: string; now?: number }): Promise<ConfirmationPage> {
  const found = await findByLink(id, token, now);
  if (found.state === 'unknown') return { state: 'unknown', language: 'en' };
  const offer = await offerOf(found.row);
  const words = guestWords(found.row.language);
  if (!offer) return { state: 'unknown', language: words['locale.lang'] };
  const { config } = await getRuntime();
  const guidebookUrl = new URL(`/instruction/${encodeURIComponent(offer.guidebook.token)}`, config.appUrl).href;
  if (found.state === 'done') return { state: 'done', language: words['locale.lang'], guidebookUrl };
  const order = orderToBe(found.row, offer.extra);
  return {
    state: 'live',
    language: words['locale.lang'],
    guidebookUrl,
    guidebookName: translatedContent(offer.content, words['locale.lang']).content.nameInstruction,
    title: offer.extra.title,
    quantity: order.quantity,
    price: order.amount === 0 ? words['extras.free'] : formatPrice(order.amount, order.currency as Currency, words['locale.format']),
    note: found.row.guest_note,
    pays: order.amount > 0 && (await onlinePaymentsOf(found.row.team_id)) !== null,
  };
}

/**
 * POST /api/order-confirmations/:id `{ token }`: the guest confirms, and the request becomes an
 * order (place-order.ts): confirmed at once, a request for the host, or on to Checkout. One step
 * at a time per link, so a double click makes one order; a link confirmed already answers what
 * it made (and, when that order was never paid, starts a new checkout).
 */
export async function confirmOrder({ id, token, now = Date.now() }: { id: string; token: string; now?: number }): Promise<{ order: OrdersTable; checkoutUrl: string | null; words: GuestWords; fresh: boolean }> {
  const { db } = await getRuntime();
  const invalid = (words: GuestWords) => new AppError('NOT_FOUND', words['api.confirmInvalid']);
  if (!ID.test(id) || !TOKEN.test(token)) throw invalid(guestWords());
  return withRecordLock(db, `order-confirmation:${id}`, async () => {
    const found = await findByLink(id, token, now);
    if (found.state === 'unknown') throw invalid(guestWords());
    const words = guestWords(found.row.language);
    if (found.state === 'done') {
      const made = await db.selectFrom('orders').selectAll().where('id', '=', found.row.order_id!).executeTakeFirst();
      const unpaid = made && (made.status === 'awaiting_payment' || (made.status === 'cancelled' && made.payment_intent_id === null));
      if (made && !unpaid) return { order: made, checkoutUrl: null, words, fresh: false };
      if (found.row.expires_at <= now) throw invalid(words);
    }
    const offer = await offerOf(found.row);
    if (!offer) throw invalid(words);
    const { guidebook, content, extra } = offer;
    await consumeRateLimits(publicLinkConfirmRules(guidebook.id), now, guestTooMany(words, 'api.tooManyRequests'));
    const quantity = Math.min(found.row.quantity, extra.maxPerStay);
    const placed = await placeOrder({ guidebook, content, stay: null, extra, quantity, note: found.row.guest_note, guest: { name: found.row.guest_name, email: found.row.guest_email }, token: guidebook.token, words, now });
    await db.updateTable('order_confirmations').set({ order_id: placed.order.id, confirmed_at: now }).where('id', '=', id).execute();
    return { ...placed, words, fresh: true };
  });
}
