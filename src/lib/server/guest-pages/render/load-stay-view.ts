import { guestWords, t } from '@shared/guest-words/index.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { guidebookLanguageOf } from '@shared/languages.ts';
import { assistantAnswersPerMonth } from '@shared/plans.ts';
import { offeredLanguages } from '@shared/translations.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import { stayAvailability } from '../../money/orders/guest-orders.ts';
import { onlinePaymentsOf } from '../../money/orders/online-payments.ts';
import { isAppError } from '../../http/app-error.ts';
import { readGuestInstructionById } from '../../instructions/get-instruction-preview.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { GUEST_HEADERS } from '../page-headers.ts';
import { effectiveStayTimes, secretsWindow, stayLinkEndsAt } from '../../guidebook/stay-window.ts';
import { countStayOpen } from '../../insights/view-counts.ts';
import { rulesFor } from '../../guidebook/channel-rules.ts';
import { guidebookHasLock } from '../../locks/guest-code.ts';
import { toGuestPage } from './load-guest-page.ts';
import { pageSpeaks } from './page-languages.ts';
import { guestLoadError, type GuestView } from './load-guest-view.ts';


/** What /stay/:token shows: the guidebook for this stay, "not found", an error, or "This stay has ended". */
export type StayView = GuestView | { kind: 'ended' };

/**
 * The guest page of a stay link: the guidebook as its public link shows it, plus the
 * guest's name and dates, and the gated secrets asked for during the stay. Rendered on each
 * request, never stored as a snapshot: it changes with the clock (the window opens, the link
 * ends) and each stay has its own. From STAY_LINK_DAYS after check-out it holds no content.
 * `guestOpen` (a guest's GET, not a robot's): the open is counted for the host's insights.
 */
export async function loadStayView(token: string, now = Date.now(), returnedOrder: string | null = null, askedLanguage: string | null = null, guestOpen = false): Promise<StayView> {
  if (!GUEST_TOKEN.test(token)) return { kind: 'not-found' };
  const { db, config, log } = await getRuntime();
  try {
    const stay = await db.selectFrom('stays').selectAll().where('token', '=', token).executeTakeFirst();
    if (!stay) return { kind: 'not-found' };
    const times = effectiveStayTimes(stay);
    if (now >= stayLinkEndsAt(times, config.stayLinkDays)) return { kind: 'ended' };
    const read = await readGuestInstructionById({ id: stay.instruction_id });
    const { planChangesAt } = read;
    // A guidebook with a smart lock: the stay's own code comes from the secrets API, never the fixed one (docs/decisions/030-smart-locks.md §8).
    const instruction = (await guidebookHasLock(stay.instruction_id)) ? { ...read.instruction, code: '', gatedSecrets: { code: true, wifiPassword: read.instruction.gatedSecrets?.wifiPassword ?? false } } : read.instruction;
    const window = secretsWindow(times, instruction.revealHoursBefore);
    const zone = instruction.timeZone;
    // `?lang=` when the page speaks it, else the language the host set on the stay, else the main one.
    const offered = offeredLanguages(instruction);
    const language = [askedLanguage, guidebookLanguageOf(stay.language)].find((tag) => tag !== null && pageSpeaks(tag, offered)) ?? null;
    const page = await toGuestPage(
      instruction,
      config.appUrl,
      config.mediaPublicUrl,
      {
        token: stay.token,
        guestName: stay.guest_name,
        channel: stay.channel,
        ...times,
        movedCheckIn: times.checkIn !== stay.check_in,
        movedCheckOut: times.checkOut !== stay.check_out,
        secretsFrom: window.from,
        secretsUntil: window.until,
      },
      now,
      language,
    );
    // Whether this stay can have each extra its channel is offered now: asked here, since a stay page is rendered for each request.
    const active = rulesFor(instruction, stay.channel).extras;
    const [offers, online] = await Promise.all([stayAvailability(stay, active, zone, now, guestWords(page.language)), active.length > 0 ? onlinePaymentsOf(instruction.user) : null]);
    const priced = new Set(active.filter((extra) => extra.price > 0).map((extra) => extra.id));
    const extras = page.extras.map((card) => ({ ...card, ...(offers.get(card.id) ?? { available: false, reason: null, confirmed: false }), payOnline: online !== null && priced.has(card.id) }));
    const extrasReturn = returnedOrder ? await returnWords(stay.id, returnedOrder, page.language) : null;
    // The host sees when the guest opened the link, and how often (insights/view-counts.ts).
    if (guestOpen) countStayOpen(stay.id, stay.instruction_id, page.language, now);
    // A stay link is one booking's and unguessable: its "Message your host" needs no captcha.
    return { kind: 'page', page: { ...page, extras, extrasReturn, expiresAt: planChangesAt, source: null, captchaSiteKey: null, machineWritten: config.assistant !== undefined && assistantAnswersPerMonth[read.plan] > 0 } };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { kind: 'not-found' };
    if (isAppError(error)) return guestLoadError(error.status, askedLanguage, error);
    log.error({ err: error }, 'stay page: could not load the stay');
    return guestLoadError(500, askedLanguage);
  }
}

/**
 * Back from Stripe's Checkout (`?order=<id>`, its success_url): how this stay's order stands now,
 * in the guest's words. The webhook may not have arrived yet ("being confirmed"); an order of
 * another stay, or none, says nothing.
 */
async function returnWords(stayId: string, orderId: string, language: string): Promise<string | null> {
  const { db } = await getRuntime();
  const order = await db.selectFrom('orders').select(['title', 'status']).where('id', '=', orderId).where('stay_id', '=', stayId).executeTakeFirst();
  if (!order) return null;
  const key = RETURN_WORDS[order.status];
  return key ? t(guestWords(language), key, { name: order.title }) : null;
}

/** What each status says to a guest back from Checkout (a decision already has its own e-mail). */
const RETURN_WORDS: Record<OrderStatus, 'extras.paid' | 'extras.authorised' | 'extras.confirming' | 'extras.notTaken' | null> = {
  paid: 'extras.paid',
  approved: 'extras.paid',
  requested: 'extras.authorised',
  awaiting_payment: 'extras.confirming',
  refunded: 'extras.notTaken',
  cancelled: 'extras.notTaken',
  declined: null,
};

/**
 * Status and headers: a stay page is one guest's and changes with the clock, so no shared cache
 * keeps it and the browser asks again on each open (the service worker keeps a copy for offline).
 */
export function applyStayView(view: StayView, response: { status?: number; headers: Headers }): void {
  for (const [name, value] of Object.entries(GUEST_HEADERS)) response.headers.set(name, value);
  response.headers.set('cache-control', view.kind === 'page' ? 'private, no-cache' : 'no-store');
  if (view.kind === 'page') return;
  response.status = view.kind === 'ended' ? 410 : view.kind === 'not-found' ? 404 : view.status;
}
