import type Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { orderSessionOf, syncOrderPayment } from './orders/order-payment-events.ts';
import { syncAccountEvent } from './payouts/account-events.ts';
import { requirePayoutsStripe } from './payouts/require-payouts-stripe.ts';
import type { StripeEventRef } from './subscriptions/apply-subscription-state.ts';
import type { Billing } from './subscriptions/billing.ts';
import { requireBilling } from './subscriptions/require-billing.ts';
import { syncSubscriptionEvent } from './subscriptions/subscription-events.ts';
import { isUsableText } from './usable-text.ts';

/** Stripe's default: a signature older than five minutes is refused (replay window). */
const SIGNATURE_TOLERANCE_S = 300;

export type StripeEventOutcome = 'synced' | 'duplicate' | 'ignored' | 'unknown-account';

/** One of Stripe's two endpoints: how it finds Stripe and its signing secret, and who takes its events. */
interface Endpoint {
  /** Stripe as configured, or this endpoint's 503. */
  stripe(): Promise<Billing>;
  secretOf(billing: Billing): string | undefined;
  /** Without its secret: what the log says, and the 503's message. */
  noSecret: { log: string; message: string };
  /** How the log names the endpoint. */
  name: string;
  route(event: Stripe.Event, ref: StripeEventRef): Promise<StripeEventOutcome>;
}

const ENDPOINTS = {
  /**
   * POST /api/stripe/webhook, the platform's events: a guest's payment for an extra (a
   * payment-mode session naming an order) goes to the order; anything else to the subscriptions.
   */
  platform: {
    stripe: requireBilling,
    secretOf: (billing) => billing.webhookSecret,
    noSecret: { log: 'stripe: webhook received but STRIPE_WEBHOOK_SECRET is not set', message: messages.billing.notConfigured },
    name: 'webhook',
    route: (event, ref) => {
      const orderSession = orderSessionOf(event);
      return orderSession ? syncOrderPayment(orderSession, ref) : syncSubscriptionEvent(event, ref);
    },
  },
  /**
   * POST /api/stripe/connect-webhook: Connect events, on their own endpoint with their own secret
   * (STRIPE_CONNECT_WEBHOOK_SECRET, docs/decisions/020-extras-and-the-money-flow.md), to the payouts.
   */
  connect: {
    stripe: requirePayoutsStripe,
    secretOf: (billing) => billing.connectWebhookSecret,
    noSecret: { log: 'stripe: Connect webhook received but STRIPE_CONNECT_WEBHOOK_SECRET is not set', message: messages.payouts.connectWebhookNotConfigured },
    name: 'Connect webhook',
    route: syncAccountEvent,
  },
} satisfies Record<string, Endpoint>;

export type StripeEndpoint = keyof typeof ENDPOINTS;

/**
 * The one door of Stripe's events (docs/decisions/026-money-wing.md): the signature is verified
 * over the raw bytes with the endpoint's secret (docs/security.md 20), a redelivered event id is
 * answered without asking Stripe again (line 21), and the event goes to its part, which re-reads
 * what it is about from Stripe (line 22) and stores the event id with its effect. A bad signature
 * answers 400 and changes nothing; a failure in a part throws (5xx), so Stripe delivers again; an
 * event no part acts on is acknowledged.
 */
export async function receiveStripeEvent(which: StripeEndpoint, { rawBody, signature }: { rawBody: Buffer; signature: string | null }): Promise<StripeEventOutcome> {
  const endpoint: Endpoint = ENDPOINTS[which];
  const billing = await endpoint.stripe();
  const { db, log } = await getRuntime();
  const secret = endpoint.secretOf(billing);
  if (!secret) {
    log.error(endpoint.noSecret.log);
    throw new AppError('SERVICE_UNAVAILABLE', endpoint.noSecret.message);
  }
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, SIGNATURE_TOLERANCE_S);
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, `stripe: ${endpoint.name} signature refused`);
    throw new AppError('BAD_REQUEST', messages.billing.webhookSignature);
  }
  // Signed, yet no event we can file (no usable id or type): refused, rather than a 500 from the
  // insert of its id (docs/security.md 29).
  if (!isEventLike(event)) {
    log.warn(`stripe: signed ${endpoint.name} body is not an event`);
    throw new AppError('BAD_REQUEST', messages.billing.webhookNotEvent);
  }
  // A redelivery is answered without asking Stripe again (each part's transaction is what holds).
  if (await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst()) return 'duplicate';
  return endpoint.route(event, { id: event.id, type: event.type });
}

function isEventLike(event: unknown): event is Stripe.Event {
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  return isUsableText(id) && isUsableText(type);
}
