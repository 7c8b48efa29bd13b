/**
 * Smoobu's webhooks, as the Smoobu stand-in sends them (docs/decisions/029-pms-connectors.md,
 * "What the systems' documentation says"): one URL per account, which the host (here, the test)
 * sets; on every booking made, changed or cancelled, a POST of `{ action, user, data }` with
 * `action` `newReservation`, `updateReservation` or `cancelReservation`, `user` the account's user
 * id and `data` the reservation as the API answers it, as JSON, without any proof of origin.
 *
 * A test may hold them (`setMode('hold')`) and release them later, reversed or repeated (a late,
 * out-of-order or repeated delivery), or lose them (`'drop'`, a delivery Smoobu never made), and
 * post any body of its own (`post`, a forged or foreign one).
 */
export interface SmoobuWebhook {
  action: string;
  user: number;
  data: Record<string, unknown>;
}

export type SmoobuWebhookMode = 'send' | 'hold' | 'drop';

export interface SmoobuWebhookDelivery {
  userId: number;
  action: string;
  reservationId: unknown;
  status: number;
}

export interface SmoobuWebhooks {
  /** Where the account's webhooks go; null: none are sent. */
  setUrl(userId: number, url: string | null): void;
  /** 'send' (default): each change posted at once; 'hold': kept for `release`; 'drop': lost. */
  setMode(userId: number, mode: SmoobuWebhookMode): void;
  /** Those held for the account, oldest first. */
  held(userId: number): SmoobuWebhook[];
  /** Posts the held ones (`reversed`: newest first), each `times` times, one after the other; answers the statuses. */
  release(userId: number, options?: { reversed?: boolean; times?: number }): Promise<number[]>;
  /** Posts `body` (an object as JSON, or raw text) to the account's URL, or to `url`; answers the status. */
  post(userId: number, body: unknown, url?: string): Promise<number>;
  /** Every webhook posted so far, with the status it got. */
  deliveries: SmoobuWebhookDelivery[];
  /** Resolves once every webhook sent so far has its answer. */
  settled(): Promise<void>;
  /** The stand-in's call when a booking changes. */
  changed(webhook: SmoobuWebhook): void;
}

export function smoobuWebhooks(): SmoobuWebhooks {
  const urls = new Map<number, string>();
  const modes = new Map<number, SmoobuWebhookMode>();
  const holding = new Map<number, SmoobuWebhook[]>();
  const deliveries: SmoobuWebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();

  async function post(userId: number, body: unknown, url = urls.get(userId)): Promise<number> {
    if (!url) throw new Error(`smoobu stand-in: no webhook URL for user ${userId}`);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const sending = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Smoobu-Webhook' }, body: text }).then(async (response) => {
      await response.arrayBuffer();
      const hook = (typeof body === 'object' && body !== null ? body : {}) as Partial<SmoobuWebhook>;
      deliveries.push({ userId, action: String(hook.action ?? ''), reservationId: hook.data?.['id'], status: response.status });
      return response.status;
    });
    inFlight.add(sending);
    try {
      return await sending;
    } finally {
      inFlight.delete(sending);
    }
  }

  return {
    setUrl(userId, url) {
      if (url === null) urls.delete(userId);
      else urls.set(userId, url);
    },
    setMode(userId, mode) {
      modes.set(userId, mode);
    },
    held: (userId) => [...(holding.get(userId) ?? [])],
    async release(userId, { reversed = false, times = 1 } = {}) {
      const held = holding.get(userId) ?? [];
      holding.set(userId, []);
      const statuses: number[] = [];
      for (const webhook of reversed ? [...held].reverse() : held) {
        for (let n = 0; n < times; n++) statuses.push(await post(userId, webhook));
      }
      return statuses;
    },
    post,
    deliveries,
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
    changed(webhook) {
      if (!urls.has(webhook.user)) return;
      const mode = modes.get(webhook.user) ?? 'send';
      if (mode === 'drop') return;
      if (mode === 'hold') holding.set(webhook.user, [...(holding.get(webhook.user) ?? []), webhook]);
      else void post(webhook.user, webhook).catch(() => undefined);
    },
  };
}
