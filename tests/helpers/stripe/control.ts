import type Stripe from 'stripe';

/**
 * A typed client of the stand-in's test-only control routes (`/__control/…`), for Vitest and
 * Playwright alike: it only needs the stand-in's base URL, not the process that runs it.
 */
export interface RecordedCall {
  method: string;
  path: string;
  /** The decoded form or query parameters. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
  /** Answered from the idempotency store (`Idempotent-Replayed: true`); nothing was executed. */
  replayed: boolean;
  /** Stand-in clock, unix seconds. */
  at: number;
}

/** The HTTP status the webhook endpoint answered, or why nothing was sent. */
export type DeliveryStatus = number | 'held' | 'no-url' | 'network-error';

export interface Delivery {
  eventId: string;
  type: string;
  status: DeliveryStatus;
  error?: string;
}

export type SignatureMode = 'valid' | 'wrong-secret' | 'stale' | 'tampered';

export interface FailRule {
  /** 'GET', 'POST', 'DELETE' or '*'. */
  method: string;
  /** A regular expression tested against the request path (`^/v1/subscriptions/`). */
  pathPattern: string;
  status: number;
  /** How many matching calls fail; 1 by default. */
  times?: number;
}

export interface StandInSnapshot {
  now: number;
  clockOffset: number;
  customers: Stripe.Customer[];
  checkoutSessions: Stripe.Checkout.Session[];
  subscriptions: Stripe.Subscription[];
  subscriptionSchedules: Stripe.SubscriptionSchedule[];
  invoices: Stripe.Invoice[];
  portalSessions: Stripe.BillingPortal.Session[];
  prices: Stripe.Price[];
  decliningCustomers: string[];
  events: Stripe.Event[];
  webhook: { url: string | null; hold: boolean };
  deliveries: Delivery[];
}

export interface SubscriptionSetPatch {
  status?: Stripe.Subscription.Status;
  cancel_at_period_end?: boolean;
  /** Unix seconds; written to the subscription's item, where this API version keeps it. */
  current_period_end?: number;
  emit?: 'customer.subscription.updated';
}

export class StandInControlError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`stand-in control answered ${status}: ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

type WithDeliveries<T> = T & { deliveries: Delivery[] };

export class StandInControl {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new StandInControlError(response.status, parsed);
    return parsed as T;
  }

  health(): Promise<{ ok: true; url: string }> {
    return this.request('GET', '/health');
  }

  state(): Promise<StandInSnapshot> {
    return this.request('GET', '/state');
  }

  calls(): Promise<RecordedCall[]> {
    return this.request('GET', '/calls');
  }

  async resetCalls(): Promise<void> {
    await this.request('POST', '/calls/reset', {});
  }

  /** Where events go; `hold: true` records them without sending (deliver them with deliverEvent). */
  setWebhook(options: { url?: string | null; hold?: boolean }): Promise<{ url: string | null; hold: boolean }> {
    return this.request('POST', '/webhook', options);
  }

  events(type?: string): Promise<Stripe.Event[]> {
    return this.request('GET', `/events${type ? `?type=${encodeURIComponent(type)}` : ''}`);
  }

  /** Sends one recorded event now, whatever the hold, signed as `signature` says. */
  deliverEvent(eventId: string, signature: SignatureMode = 'valid'): Promise<{ status: DeliveryStatus; body: string }> {
    return this.request('POST', `/events/${encodeURIComponent(eventId)}/deliver`, { signature });
  }

  completeCheckout(sessionId: string, outcome: 'paid' | 'unpaid' = 'paid'): Promise<WithDeliveries<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription }>> {
    return this.request('POST', `/checkout/sessions/${encodeURIComponent(sessionId)}/complete`, { outcome });
  }

  /** From now on, charges to this customer decline (or succeed again). */
  setCardDeclines(customerId: string, declines: boolean): Promise<{ customer: string; declines: boolean }> {
    return this.request('POST', `/customers/${encodeURIComponent(customerId)}/card`, { declines });
  }

  failInvoice(subscriptionId: string): Promise<WithDeliveries<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice }>> {
    return this.request('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/fail-invoice`, {});
  }

  payInvoice(subscriptionId: string): Promise<WithDeliveries<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice }>> {
    return this.request('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/pay-invoice`, {});
  }

  advanceToPeriodEnd(subscriptionId: string): Promise<WithDeliveries<{ subscription: Stripe.Subscription; now: number }>> {
    return this.request('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/advance-to-period-end`, {});
  }

  setSubscription(subscriptionId: string, patch: SubscriptionSetPatch): Promise<WithDeliveries<{ subscription: Stripe.Subscription }>> {
    return this.request('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/set`, patch);
  }

  advanceClock(seconds: number): Promise<WithDeliveries<{ now: number }>> {
    return this.request('POST', '/clock/advance', { seconds });
  }

  async failNext(rule: FailRule): Promise<void> {
    await this.request('POST', '/fail-next', rule);
  }

  async reset(): Promise<void> {
    await this.request('POST', '/reset', {});
  }
}
