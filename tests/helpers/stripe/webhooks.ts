import Stripe from 'stripe';
import type { Delivery, DeliveryStatus, SignatureMode } from './control.ts';
import { randomToken, type StripeEvent } from './objects.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

/** Same data, other bytes: keys in reverse order and no indentation, so a signature over the original no longer fits. */
function reserialised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reserialised);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).reverse();
  return Object.fromEntries(entries.map(([key, inner]) => [key, reserialised(inner)]));
}

/**
 * Sends events to the webhook endpoint one at a time, in the order they happened, signed with the
 * SDK's own test signer so that `stripe.webhooks.constructEvent` is what accepts or refuses them.
 */
export class WebhookSender {
  url: string | undefined;
  hold = false;
  readonly log: Delivery[] = [];
  private readonly secret: string;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly aborter = new AbortController();

  constructor(secret: string, url: string | undefined) {
    this.secret = secret;
    this.url = url;
  }

  /** Queues the events behind any earlier ones; resolves with their outcomes once all are sent. */
  enqueue(events: StripeEvent[]): Promise<Delivery[]> {
    // Decided now, not when the queue reaches them: an event made while held stays held.
    const held = this.hold;
    return Promise.all(
      events.map((event) => {
        const next = this.chain.then(() => this.deliverQueued(event, held));
        this.chain = next.catch(() => undefined);
        return next;
      }),
    );
  }

  private async deliverQueued(event: StripeEvent, held: boolean): Promise<Delivery> {
    let delivery: Delivery;
    if (held) delivery = { eventId: event.id, type: event.type, status: 'held' };
    else if (!this.url) delivery = { eventId: event.id, type: event.type, status: 'no-url' };
    else {
      const sent = await this.send(event, 'valid');
      delivery = { eventId: event.id, type: event.type, status: sent.status, ...(sent.error ? { error: sent.error } : {}) };
    }
    if (event.account) delivery.account = event.account;
    this.log.push(delivery);
    return delivery;
  }

  async send(event: StripeEvent, mode: SignatureMode): Promise<{ status: DeliveryStatus; body: string; error?: string }> {
    const url = this.url;
    if (!url) return { status: 'no-url', body: '' };
    const payload = JSON.stringify(event, null, 2);
    const now = Math.floor(Date.now() / 1000);
    // Real time, not the stand-in clock: the receiver checks the timestamp against its own clock.
    const timestamp = mode === 'stale' ? now - 600 : now;
    const secret = mode === 'wrong-secret' ? `whsec_wrong${randomToken(24)}` : this.secret;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const body = mode === 'tampered' ? JSON.stringify(reserialised(event)) : payload;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
        signal: AbortSignal.any([this.aborter.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      return { status: response.status, body: (await response.text()).slice(0, 10_000) };
    } catch (error) {
      return { status: 'network-error', body: '', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Abandons deliveries in flight and any still queued: the stand-in is stopping for good. */
  abort(): void {
    this.aborter.abort();
  }
}

/**
 * Hands each event to its endpoint, as Stripe does with a platform's two kinds of endpoint: Connect
 * events (those naming an `account`) to the Connect one, the rest to the platform's, each signed
 * with its own secret and each queue in order. Resolves with the outcomes in event order.
 */
export async function dispatch(platform: WebhookSender, connect: WebhookSender, events: StripeEvent[]): Promise<Delivery[]> {
  const [own, connected] = await Promise.all([platform.enqueue(events.filter((event) => !event.account)), connect.enqueue(events.filter((event) => event.account))]);
  const byId = new Map([...own, ...connected].map((delivery) => [delivery.eventId, delivery]));
  return events.flatMap((event) => byId.get(event.id) ?? []);
}
