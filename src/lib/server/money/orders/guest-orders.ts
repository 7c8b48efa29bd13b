import type { OrdersTable, StaysTable } from '@db/schema.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import type { GuestExtra, GuestOrder, OrderRequest } from '@shared/schemas/order.ts';
import { AppError } from '../../http/app-error.ts';
import { guestTooMany } from '../../http/guest-language.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../../http/rate-limit.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { findGuestTarget } from '../../guidebook/find-guest-target.ts';
import { rulesFor } from '../../guidebook/channel-rules.ts';
import { availability } from './availability.ts';
import { askToConfirm } from './order-confirmations.ts';
import { slotFacts, stayTimesOf } from './order-slots.ts';
import { placeOrder, reasonText } from './place-order.ts';
import { publicLinkGuest, publicLinkRules } from './public-link.ts';

/**
 * The guest's side of extras (docs/product/extras-and-orders.md): what a stay link (or a guidebook's public link,
 * when its host offers extras there) lists, and a guest's order. Every answer is in the guest's
 * `words`.
 */

/**
 * The stay a guest token opens, with the extras its guidebook offers that stay's channel (or the
 * public link: `rulesFor`, docs/decisions/028 §10) and its zone; a guidebook's own link (no stay)
 * orders only when its host offers extras there (public-link.ts), else 404.
 */
async function stayTarget(token: string, now: number, words: GuestWords) {
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  const content = parseStoredContent(guidebook.data);
  if (!stay && !content.extrasOnPublicLink) throw new AppError('NOT_FOUND', words['api.extrasStayLinkOnly']);
  return { guidebook, stay, content, extras: rulesFor(content, stay ? stay.channel : 'link').extras };
}

/** Whether `stay` can have each of `extras` now, and why not in the guest's words (one read of the other stays and the held orders). */
export async function stayAvailability(stay: StaysTable, extras: readonly Extra[], zone: string, now = Date.now(), words: GuestWords = guestWords()): Promise<Map<number, { available: boolean; reason: string | null; confirmed: boolean }>> {
  const answers = new Map<number, { available: boolean; reason: string | null; confirmed: boolean }>();
  if (extras.length === 0) return answers;
  const { db } = await getRuntime();
  const facts = await slotFacts(db, stay);
  for (const extra of extras) {
    const result = availability({ extra, stay: stayTimesOf(stay), ...facts, zone, now });
    answers.set(extra.id, { available: result.available, reason: reasonText(words, result), confirmed: !result.available && result.reason === 'alreadyConfirmed' });
  }
  return answers;
}

/** GET /api/guest/:token/extras: the extras offered and whether this stay can have each now (on a public link: its items, each available). */
export async function listGuestExtras(token: string, now = Date.now(), words: GuestWords = guestWords()): Promise<GuestExtra[]> {
  const { stay, content, extras } = await stayTarget(token, now, words);
  if (!stay) return extras.map((extra) => ({ id: extra.id, kind: extra.kind, title: extra.title, price: extra.price, currency: extra.currency, available: true, reason: null }));
  const answers = await stayAvailability(stay, extras, content.timeZone, now, words);
  return extras.map((extra) => {
    const { available, reason } = answers.get(extra.id)!;
    return { id: extra.id, kind: extra.kind, title: extra.title, price: extra.price, currency: extra.currency, available, reason };
  });
}

export type ExtraAsked = { state: 'ordered'; order: GuestOrder; checkoutUrl: string | null } | { state: 'confirm-by-mail' };

/**
 * POST /api/guest/:token/extras/:extraId: the guest asks for an extra (docs/decisions/020).
 * - On a stay link it becomes an order at once (place-order.ts): confirmed, a request for the
 *   host, or on to Checkout.
 * - On a guidebook's public link (an item only, for the name and e-mail the guest gave) it waits
 *   for the guest to confirm it from a mail to that address (order-confirmations.ts); the host
 *   hears of it only then.
 */
export async function requestExtra({ token, extraId, input, ip, now = Date.now(), words = guestWords() }: { token: string; extraId: number; input: OrderRequest; ip: string; now?: number; words?: GuestWords }): Promise<ExtraAsked> {
  const { guidebook, stay, content, extras } = await stayTarget(token, now, words);
  const extra = extras.find((each) => each.id === extraId);
  if (!extra) {
    // Never offered on the public link, whatever its rule: the guest is told where it is booked.
    if (!stay && content.extras.some((each) => each.id === extraId && each.active && each.kind !== 'item')) throw new AppError('BAD_REQUEST', words['api.needsStay']);
    throw new AppError('NOT_FOUND', words['api.extraNotFound']);
  }
  const quantity = extra.kind === 'item' ? Math.min(input.quantity, extra.maxPerStay) : 1;
  if (!stay) {
    const guest = publicLinkGuest(extra, input, words);
    await consumeRateLimits(publicLinkRules({ ip, email: guest.email }), now, guestTooMany(words, 'api.tooManyRequests'));
    await askToConfirm({ guidebook, content, extra, quantity, note: input.note, guest, ip, turnstileToken: input.turnstileToken ?? '', words, now });
    return { state: 'confirm-by-mail' };
  }
  await consumeRateLimits([rateRules.extraRequestIp(ip), rateRules.extraRequestStay(stay.id)], now, guestTooMany(words, 'api.tooManyRequests'));
  const { order, checkoutUrl } = await placeOrder({ guidebook, content, stay, extra, quantity, note: input.note, guest: { name: stay.guest_name, email: stay.guest_email }, token, words, now });
  return { state: 'ordered', order: toGuestOrder(order), checkoutUrl };
}

export function toGuestOrder(row: Pick<OrdersTable, 'id' | 'extra_id' | 'title' | 'amount' | 'currency' | 'quantity' | 'status'>): GuestOrder {
  return { id: row.id, extraId: row.extra_id, title: row.title, amount: row.amount, currency: row.currency as GuestOrder['currency'], quantity: row.quantity, status: row.status };
}
