import { ApiError, invalid } from './errors.ts';
import { lineOf, newId, planOf, type Invoice, type InvoiceLine, type Price, type Subscription, type SubscriptionItem } from './objects.ts';
import type { World } from './world.ts';

/**
 * Subscription life: charges, prorations, cancellation and the end of a period, as Stripe applies
 * them. The REST routes and the control routes both come here, so the two cannot drift apart.
 */
export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid']);

export function itemOfSubscription(subscription: Subscription): SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new ApiError(500, 'api_error', `Subscription ${subscription.id} has no item`);
  return item;
}

function displayName(price: Price): string {
  return price.nickname ?? price.product;
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export interface Proration {
  amount: number;
  lines: InvoiceLine[];
  period: { start: number; end: number };
  /** A change of interval (month ↔ year) restarts the billing period now, as Stripe does. */
  resets: boolean;
}

/**
 * What changing to `price` at `at` costs now: the new price for the rest of the period minus the
 * unused part of the old one, each line rounded as Stripe rounds them, never below zero (Stripe
 * would keep a negative total as customer credit; the stand-in drops it).
 */
export function prorate(world: World, subscription: Subscription, price: Price, at: number, behavior: ProrationBehavior): Proration {
  const item = itemOfSubscription(subscription);
  const old = item.price;
  const { current_period_start: start, current_period_end: end } = item;
  const fraction = end > start ? Math.min(1, Math.max(0, (end - at) / (end - start))) : 0;
  const credit = behavior === 'none' ? 0 : Math.round(old.unit_amount * fraction);
  const resets = old.recurring.interval !== price.recurring.interval;
  const lines: InvoiceLine[] = [];
  const unused = () => lineOf(null, subscription, old, -credit, { start: at, end }, `Unused time on ${displayName(old)} after ${day(at)}`, true);
  if (resets) {
    const period = { start: at, end: world.periodEnd(at, price.recurring.interval) };
    if (credit > 0) lines.push(unused());
    lines.push(lineOf(null, subscription, price, price.unit_amount, period, `1 × ${displayName(price)}`, false));
    return { amount: Math.max(0, lines.reduce((sum, line) => sum + line.amount, 0)), lines, period, resets };
  }
  if (behavior !== 'none') {
    lines.push(unused());
    const remaining = Math.round(price.unit_amount * fraction);
    lines.push(lineOf(null, subscription, price, remaining, { start: at, end }, `Remaining time on ${displayName(price)} after ${day(at)}`, true));
  }
  return { amount: Math.max(0, lines.reduce((sum, line) => sum + line.amount, 0)), lines, period: { start, end }, resets };
}

export interface Charge {
  reason: Invoice['billing_reason'];
  lines: InvoiceLine[];
  period: { start: number; end: number };
}

export function fullPriceCharge(subscription: Subscription, price: Price, period: { start: number; end: number }, reason: Invoice['billing_reason']): Charge {
  return { reason, period, lines: [lineOf(null, subscription, price, price.unit_amount, period, `1 × ${displayName(price)}`, false)] };
}

/** The invoice `charge` makes, not yet stored nor charged (a preview is exactly this). */
export function draftInvoice(world: World, subscription: Subscription, charge: Charge, id: string): Invoice {
  const amount = Math.max(0, charge.lines.reduce((sum, line) => sum + line.amount, 0));
  return {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    billing_reason: charge.reason,
    collection_method: 'charge_automatically',
    created: world.now(),
    currency: 'eur',
    customer: subscription.customer,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: charge.lines.map((line) => ({ ...line, invoice: id })), has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: charge.period.end,
    period_start: charge.period.start,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    total: amount,
  };
}

/** Creates the invoice of `charge` and charges it: paid unless the customer's card declines. */
export function invoiceAndCharge(world: World, subscription: Subscription, charge: Charge, outcome?: 'paid' | 'open'): Invoice {
  const id = newId('in');
  const now = world.now();
  const invoice = draftInvoice(world, subscription, charge, id);
  const amount = invoice.amount_due;
  const paid = outcome ? outcome === 'paid' : amount === 0 || !world.decliningCustomers.has(subscription.customer);
  Object.assign(invoice, {
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: amount > 0 ? 1 : 0,
    attempted: amount > 0,
    hosted_invoice_url: `${world.baseUrl}/invoice/${id}`,
    number: world.nextInvoiceNumber(),
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: paid ? now : null, voided_at: null },
  });
  world.invoices.set(id, invoice);
  subscription.latest_invoice = id;
  return invoice;
}

function emitInvoiceOutcome(world: World, invoice: Invoice): void {
  world.emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
}

export function setItemPrice(subscription: Subscription, price: Price, period?: { start: number; end: number }): void {
  const item = itemOfSubscription(subscription);
  item.price = structuredClone(price);
  item.plan = planOf(price);
  if (period) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
    subscription.billing_cycle_anchor = period.start;
  }
  if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end;
}

function voidInvoice(world: World, id: string | null): void {
  const invoice = id ? world.invoices.get(id) : undefined;
  if (invoice?.status !== 'open') return;
  invoice.status = 'void';
  invoice.amount_remaining = 0;
  invoice.status_transitions.voided_at = world.now();
}

export interface PriceChange {
  price: Price;
  proration: ProrationBehavior;
  payment: 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';
  at: number;
}

/**
 * Switches the subscription's item to a new price. Invoicing happens now with `always_invoice` or
 * when the interval changes. A declined charge with `pending_if_incomplete` keeps the old price and
 * parks the change in `pending_update` until its invoice is paid (or 23 h pass); with
 * `error_if_incomplete` it is a card error; otherwise the change applies and the subscription falls
 * `past_due`. Emits the invoice's event; the caller emits the subscription's update.
 */
export function changePrice(world: World, subscription: Subscription, change: PriceChange): void {
  const item = itemOfSubscription(subscription);
  if (item.price.id === change.price.id) return;
  const proration = prorate(world, subscription, change.price, change.at, change.proration);
  const invoiceNow = change.proration === 'always_invoice' || proration.resets;
  const declines = invoiceNow && proration.amount > 0 && world.decliningCustomers.has(subscription.customer);
  if (declines && change.payment === 'error_if_incomplete') {
    throw new ApiError(402, 'card_error', 'Your card was declined.', undefined, 'card_declined');
  }
  if (subscription.pending_update) {
    voidInvoice(world, subscription.latest_invoice);
    subscription.pending_update = null;
  }
  if (!invoiceNow) {
    setItemPrice(subscription, change.price);
    return;
  }
  const invoice = invoiceAndCharge(world, subscription, { reason: 'subscription_update', lines: proration.lines, period: proration.period });
  if (declines && change.payment === 'pending_if_incomplete') {
    const pendingItem = structuredClone(item);
    pendingItem.price = structuredClone(change.price);
    pendingItem.plan = planOf(change.price);
    pendingItem.current_period_start = proration.period.start;
    pendingItem.current_period_end = proration.period.end;
    subscription.pending_update = {
      billing_cycle_anchor: null,
      cancel_at_period_end: null,
      discount: null,
      discounts: null,
      expires_at: world.now() + 23 * 3600,
      metadata: null,
      subscription_items: [pendingItem],
      trial_end: null,
      trial_from_plan: null,
    };
  } else {
    setItemPrice(subscription, change.price, proration.resets ? proration.period : undefined);
    if (declines) subscription.status = 'past_due';
  }
  emitInvoiceOutcome(world, invoice);
}

/** Ends the subscription at `at`; a cancellation that was planned keeps its `cancel_at*` fields, as on Stripe. */
export function cancelNow(world: World, subscription: Subscription, at = world.now(), planned = false): void {
  if (subscription.status === 'canceled') throw invalid(`The subscription ${subscription.id} has already been canceled.`);
  const before = structuredClone(subscription);
  subscription.status = 'canceled';
  subscription.canceled_at ??= at;
  subscription.ended_at = at;
  if (!planned) {
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
  }
  if (subscription.pending_update) {
    voidInvoice(world, subscription.latest_invoice);
    subscription.pending_update = null;
  }
  const schedule = subscription.schedule ? world.schedules.get(subscription.schedule) : undefined;
  if (schedule?.status === 'active') {
    schedule.status = 'canceled';
    schedule.canceled_at = at;
    schedule.current_phase = null;
    subscription.schedule = null;
    world.emit('subscription_schedule.canceled', schedule);
  }
  world.emit('customer.subscription.deleted', subscription, before);
}

/** A pending update whose 23 hours are over is dropped and its invoice voided. */
export function expirePendingUpdates(world: World): void {
  const now = world.now();
  for (const subscription of world.subscriptions.values()) {
    if (!subscription.pending_update || subscription.pending_update.expires_at > now) continue;
    const before = structuredClone(subscription);
    voidInvoice(world, subscription.latest_invoice);
    subscription.pending_update = null;
    world.emit('customer.subscription.pending_update_expired', subscription, before);
  }
}

/** Pays the subscription's open invoice (the hosted invoice page, or a retry that succeeds). */
export function payOpenInvoice(world: World, subscription: Subscription, invoiceId?: string): Invoice {
  const wanted = invoiceId ?? subscription.latest_invoice;
  const latest = wanted ? world.invoices.get(wanted) : undefined;
  const invoice =
    latest?.status === 'open'
      ? latest
      : [...world.invoices.values()].reverse().find((candidate) => candidate.status === 'open' && candidate.parent.subscription_details.subscription === subscription.id);
  if (!invoice) throw new ApiError(409, 'invalid_request_error', `Subscription ${subscription.id} has no open invoice`);
  const before = structuredClone(subscription);
  const now = world.now();
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  invoice.status_transitions.paid_at = now;
  const pending = subscription.pending_update && invoice.id === subscription.latest_invoice ? subscription.pending_update : null;
  if (pending?.subscription_items[0]) {
    const next = pending.subscription_items[0];
    setItemPrice(subscription, next.price, { start: next.current_period_start, end: next.current_period_end });
    subscription.pending_update = null;
  }
  if (['past_due', 'unpaid', 'incomplete'].includes(subscription.status)) subscription.status = 'active';
  world.emit('invoice.paid', invoice);
  if (pending) world.emit('customer.subscription.pending_update_applied', subscription, before);
  world.emit('customer.subscription.updated', subscription, before);
  return invoice;
}

/** A renewal charge fails (the card expired, the bank said no): the subscription falls past_due. */
export function failRenewal(world: World, subscription: Subscription): Invoice {
  const item = itemOfSubscription(subscription);
  const before = structuredClone(subscription);
  const period = { start: item.current_period_start, end: item.current_period_end };
  const invoice = invoiceAndCharge(world, subscription, fullPriceCharge(subscription, item.price, period, 'subscription_cycle'), 'open');
  subscription.status = 'past_due';
  world.emit('invoice.payment_failed', invoice);
  world.emit('customer.subscription.updated', subscription, before);
  return invoice;
}

/** Starts the next period at `at` on `price` and charges it. */
function renew(world: World, subscription: Subscription, price: Price, at: number): Invoice {
  const period = { start: at, end: world.periodEnd(at, price.recurring.interval) };
  setItemPrice(subscription, price, period);
  const invoice = invoiceAndCharge(world, subscription, fullPriceCharge(subscription, price, period, 'subscription_cycle'));
  subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
  return invoice;
}

/**
 * What Stripe does when a period ends: a cancellation takes effect, or an attached schedule moves
 * to its next phase (releasing itself on entering the last one when `end_behavior` is `release`),
 * or the subscription renews on its price.
 */
export function endPeriod(world: World, subscription: Subscription): void {
  const item = itemOfSubscription(subscription);
  const at = item.current_period_end;
  if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= at)) {
    cancelNow(world, subscription, at, true);
    return;
  }
  const before = structuredClone(subscription);
  const schedule = subscription.schedule ? world.schedules.get(subscription.schedule) : undefined;
  // A phase longer than one period renews on its own price until the period that ends it.
  if (schedule?.status === 'active' && schedule.current_phase && schedule.current_phase.end_date <= at) {
    const index = schedule.phases.findIndex((phase) => phase.start_date === schedule.current_phase?.start_date);
    const next = schedule.phases[index + 1];
    if (next) {
      const scheduleBefore = structuredClone(schedule);
      const invoice = renew(world, subscription, world.price(next.items[0]?.price, 'phases'), at);
      schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      const released = index + 1 === schedule.phases.length - 1 && schedule.end_behavior === 'release';
      if (released) {
        Object.assign(schedule, { status: 'released', released_at: at, released_subscription: subscription.id, subscription: null, current_phase: null });
        subscription.schedule = null;
      }
      world.emit('customer.subscription.updated', subscription, before);
      world.emit(released ? 'subscription_schedule.released' : 'subscription_schedule.updated', schedule, released ? undefined : scheduleBefore);
      emitInvoiceOutcome(world, invoice);
      return;
    }
    if (schedule.end_behavior === 'cancel') {
      Object.assign(schedule, { status: 'completed', completed_at: at, current_phase: null });
      subscription.schedule = null;
      cancelNow(world, subscription, at);
      return;
    }
    Object.assign(schedule, { status: 'released', released_at: at, released_subscription: subscription.id, subscription: null, current_phase: null });
    subscription.schedule = null;
    world.emit('subscription_schedule.released', schedule);
  }
  const invoice = renew(world, subscription, item.price, at);
  emitInvoiceOutcome(world, invoice);
  world.emit('customer.subscription.updated', subscription, before);
}

/** Moves the clock to the subscription's period end and lets that end happen. */
export function advanceToPeriodEnd(world: World, subscription: Subscription): void {
  if (!LIVE_STATUSES.has(subscription.status)) {
    throw new ApiError(409, 'invalid_request_error', `Subscription ${subscription.id} is ${subscription.status}: it has no period to end`);
  }
  const end = itemOfSubscription(subscription).current_period_end;
  const now = world.now();
  if (end > now) world.clockOffset += end - now;
  expirePendingUpdates(world);
  endPeriod(world, subscription);
}

/**
 * With a short `periodSeconds`, periods end by themselves as real time passes. One period end is
 * played per subscription and call; a clock that jumped further ahead is caught up without playing
 * each skipped period (a day at 2-second periods would be 43,200 invoices).
 */
export function endDuePeriods(world: World): void {
  expirePendingUpdates(world);
  const length = world.periodSeconds;
  for (const subscription of world.subscriptions.values()) {
    if (!LIVE_STATUSES.has(subscription.status) || itemOfSubscription(subscription).current_period_end > world.now()) continue;
    endPeriod(world, subscription);
    const item = itemOfSubscription(subscription);
    const behind = world.now() - item.current_period_end;
    if (length === undefined || !LIVE_STATUSES.has(subscription.status) || behind < 0) continue;
    const skipped = (Math.floor(behind / length) + 1) * length;
    item.current_period_start += skipped;
    item.current_period_end += skipped;
    subscription.billing_cycle_anchor = item.current_period_start;
    if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end;
  }
}
