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
  /** Connect events only: the connected account, and a sign the event went to the Connect endpoint. */
  account?: string;
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
  accounts: Stripe.Account[];
  paymentIntents: Stripe.PaymentIntent[];
  charges: Stripe.Charge[];
  applicationFees: Stripe.ApplicationFee[];
  refunds: Stripe.Refund[];
  prices: Stripe.Price[];
  decliningCustomers: string[];
  events: Stripe.Event[];
  webhook: { url: string | null; hold: boolean };
  deliveries: Delivery[];
  /** The Connect endpoint and what was sent to it, apart from the platform's. */
  connectWebhook: { url: string | null; hold: boolean };
  connectDeliveries: Delivery[];
}

export interface SubscriptionSetPatch {
  status?: Stripe.Subscription.Status;
  cancel_at_period_end?: boolean;
  /** Unix seconds; written to the subscription's item, where this API version keeps it. */
  current_period_end?: number;
  emit?: 'customer.subscription.updated';
}

/** What Stripe may do to a connected account by itself; sent to the Connect endpoint as `account.updated`. */
export interface AccountSetPatch {
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  capabilities?: Record<string, 'active' | 'inactive' | 'pending'>;
  /** `requirements.disabled_reason`; turning charges off without one gives `requirements.past_due`. */
  disabled_reason?: string | null;
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

  /** Where Connect events go (the platform's Connect endpoint), apart from the platform's own. */
  setConnectWebhook(options: { url?: string | null; hold?: boolean }): Promise<{ url: string | null; hold: boolean }> {
    return this.request('POST', '/connect-webhook', options);
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

  /** The guest paying a payment-mode session: its PaymentIntent, held (manual capture) or succeeded. */
  payCheckout(sessionId: string): Promise<WithDeliveries<{ session: Stripe.Checkout.Session; paymentIntent: Stripe.PaymentIntent }>> {
    return this.request('POST', `/checkout/sessions/${encodeURIComponent(sessionId)}/pay`, {});
  }

  /** The session running out (`checkout.session.expired`), as when the guest never pays. */
  expireCheckout(sessionId: string): Promise<WithDeliveries<{ session: Stripe.Checkout.Session }>> {
    return this.request('POST', `/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, {});
  }

  /** The host finishing Stripe's onboarding, without the pages of an account link. */
  completeOnboarding(accountId: string): Promise<WithDeliveries<{ account: Stripe.Account }>> {
    return this.request('POST', `/accounts/${encodeURIComponent(accountId)}/complete-onboarding`, {});
  }

  setAccount(accountId: string, patch: AccountSetPatch): Promise<WithDeliveries<{ account: Stripe.Account }>> {
    return this.request('POST', `/accounts/${encodeURIComponent(accountId)}/set`, patch);
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
