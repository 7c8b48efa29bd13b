import { invalid, noSuch } from './errors.ts';
import {
  newId,
  previousAttributes,
  priceOf,
  type Account,
  type ApplicationFee,
  type Charge,
  type CheckoutSession,
  type Customer,
  type Interval,
  type Invoice,
  type OnboardingLink,
  type PaymentIntent,
  type PortalSession,
  type Price,
  type PriceConfig,
  type Refund,
  type StripeEvent,
  type Subscription,
  type SubscriptionSchedule,
} from './objects.ts';

export const API_VERSION = '2026-10-28.endive';

export interface WorldOptions {
  prices: PriceConfig[];
  periodSeconds?: number | undefined;
}

/** What a checkout session was created with that Stripe keeps off the session object itself. */
export interface CheckoutIntent {
  /** Subscription mode: the price subscribed to. */
  price: string | null;
  subscriptionMetadata: Record<string, string>;
  /** Payment mode: the PaymentIntent that paying the session makes. */
  payment?: PaymentPlan;
}

/** A payment-mode session's `payment_intent_data`, checked when the session was created. */
export interface PaymentPlan {
  captureMethod: PaymentIntent['capture_method'];
  applicationFeeAmount: number | null;
  destination: string | null;
  description: string | null;
  receiptEmail: string | null;
  metadata: Record<string, string>;
}

/**
 * Everything the stand-in knows, and the clock it runs on. Handlers change it synchronously, so a
 * request never sees another half-applied; events wait in `outbox` until the caller ships them.
 */
/** The stored object, or Stripe's "No such …" error for its id. */
function found<T>(objects: ReadonlyMap<string, T>, kind: string, id: string, param = 'id', status = 404): T {
  const object = objects.get(id);
  if (object === undefined) throw noSuch(kind, id, param, status);
  return object;
}

export class World {
  readonly periodSeconds: number | undefined;
  readonly prices = new Map<string, Price>();
  baseUrl = '';
  clockOffset = 0;
  customers = new Map<string, Customer>();
  sessions = new Map<string, CheckoutSession>();
  intents = new Map<string, CheckoutIntent>();
  subscriptions = new Map<string, Subscription>();
  schedules = new Map<string, SubscriptionSchedule>();
  invoices = new Map<string, Invoice>();
  portalSessions = new Map<string, PortalSession>();
  accounts = new Map<string, Account>();
  onboardingLinks = new Map<string, OnboardingLink>();
  paymentIntents = new Map<string, PaymentIntent>();
  charges = new Map<string, Charge>();
  applicationFees = new Map<string, ApplicationFee>();
  refunds = new Map<string, Refund>();
  decliningCustomers = new Set<string>();
  events: StripeEvent[] = [];
  outbox: StripeEvent[] = [];
  /** The REST request being handled, named in the events it causes as Stripe does. */
  request: StripeEvent['request'] = { id: null, idempotency_key: null };
  private invoiceNumber = 0;

  constructor(options: WorldOptions) {
    this.periodSeconds = options.periodSeconds;
    const created = this.now();
    for (const config of options.prices) this.prices.set(config.id, priceOf(config, created));
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  /** The end of a billing period that starts at `start`; months keep their day, clamped (Jan 31 → Feb 28). */
  periodEnd(start: number, interval: Interval, count = 1): number {
    if (this.periodSeconds !== undefined) return start + this.periodSeconds * count;
    const date = new Date(start * 1000);
    const months = interval === 'year' ? 12 * count : count;
    const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
    target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
    return Math.floor(target.getTime() / 1000);
  }

  nextInvoiceNumber(): string {
    this.invoiceNumber += 1;
    return `STANDIN-${String(this.invoiceNumber).padStart(4, '0')}`;
  }

  /** `account` makes it a Connect event, sent to the Connect endpoint instead of the platform's. */
  emit(type: string, object: object, before?: object, account?: string): StripeEvent {
    const previous = before ? previousAttributes(before, object) : undefined;
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { ...this.request },
      type,
    };
    this.events.push(event);
    this.outbox.push(event);
    return event;
  }

  takeOutbox(): StripeEvent[] {
    const events = this.outbox;
    this.outbox = [];
    return events;
  }

  /**
   * Saves the state; the returned function puts it back. A request that fails halfway (an
   * `expand[]` refused after the object was made) thereby changes nothing, as on Stripe.
   */
  checkpoint(): () => void {
    const saved = structuredClone({
      clockOffset: this.clockOffset,
      customers: this.customers,
      sessions: this.sessions,
      intents: this.intents,
      subscriptions: this.subscriptions,
      schedules: this.schedules,
      invoices: this.invoices,
      portalSessions: this.portalSessions,
      accounts: this.accounts,
      onboardingLinks: this.onboardingLinks,
      paymentIntents: this.paymentIntents,
      charges: this.charges,
      applicationFees: this.applicationFees,
      refunds: this.refunds,
      decliningCustomers: this.decliningCustomers,
      events: this.events,
      outbox: this.outbox,
      invoiceNumber: this.invoiceNumber,
    });
    return () => Object.assign(this, structuredClone(saved));
  }

  reset(): void {
    this.clockOffset = 0;
    this.customers.clear();
    this.sessions.clear();
    this.intents.clear();
    this.subscriptions.clear();
    this.schedules.clear();
    this.invoices.clear();
    this.portalSessions.clear();
    this.accounts.clear();
    this.onboardingLinks.clear();
    this.paymentIntents.clear();
    this.charges.clear();
    this.applicationFees.clear();
    this.refunds.clear();
    this.decliningCustomers.clear();
    this.events = [];
    this.outbox = [];
    this.invoiceNumber = 0;
  }

  price(id: string | undefined, param: string): Price {
    if (!id) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
    return found(this.prices, 'price', id, param, 400);
  }

  customer(id: string, param = 'id', status = 404): Customer {
    return found(this.customers, 'customer', id, param, status);
  }

  session(id: string): CheckoutSession {
    return found(this.sessions, 'checkout.session', id);
  }

  subscription(id: string, param = 'id', status = 404): Subscription {
    return found(this.subscriptions, 'subscription', id, param, status);
  }

  schedule(id: string): SubscriptionSchedule {
    return found(this.schedules, 'subscription_schedule', id);
  }

  invoice(id: string): Invoice {
    return found(this.invoices, 'invoice', id);
  }

  account(id: string, param = 'id', status = 404): Account {
    return found(this.accounts, 'account', id, param, status);
  }

  paymentIntent(id: string, param = 'id', status = 404): PaymentIntent {
    return found(this.paymentIntents, 'payment_intent', id, param, status);
  }

  charge(id: string, param = 'id', status = 404): Charge {
    return found(this.charges, 'charge', id, param, status);
  }

  /** Any stored object by id, for `expand[]`. */
  lookup(id: string): object | undefined {
    const maps = [this.customers, this.sessions, this.subscriptions, this.schedules, this.invoices, this.prices, this.portalSessions];
    for (const map of [...maps, this.accounts, this.paymentIntents, this.charges, this.applicationFees, this.refunds]) {
      const found = (map as Map<string, object>).get(id);
      if (found) return found;
    }
    return undefined;
  }

  snapshot(): Record<string, unknown> {
    return structuredClone({
      now: this.now(),
      clockOffset: this.clockOffset,
      customers: [...this.customers.values()],
      checkoutSessions: [...this.sessions.values()],
      subscriptions: [...this.subscriptions.values()],
      subscriptionSchedules: [...this.schedules.values()],
      invoices: [...this.invoices.values()],
      portalSessions: [...this.portalSessions.values()],
      accounts: [...this.accounts.values()],
      paymentIntents: [...this.paymentIntents.values()],
      charges: [...this.charges.values()],
      applicationFees: [...this.applicationFees.values()],
      refunds: [...this.refunds.values()],
      prices: [...this.prices.values()],
      decliningCustomers: [...this.decliningCustomers],
      events: this.events,
    });
  }
}
