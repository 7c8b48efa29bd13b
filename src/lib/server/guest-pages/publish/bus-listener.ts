import pg from 'pg';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import type { Logger } from '../../platform/logger.ts';
import { nameListeningSession } from './bus-acknowledgements.ts';

/**
 * The snapshot bus's wire format and its listening connection (guest-pages/publish/snapshot-bus.ts).
 * One dedicated connection LISTENs (a pooled one would be handed to other queries) and comes back
 * after a failure, each time starting from an empty memory (`onConnected`).
 */
export type SnapshotEventKind = 'published' | 'stored' | 'revoked' | 'unremoved';

export interface SnapshotEvent {
  kind: SnapshotEventKind;
  token: string;
}

/** An event as sent (`id` when its sender waits for acknowledgements), or one acknowledgement. */
export type WireMessage = (SnapshotEvent & { from: string; id?: string }) | { kind: 'ack'; of: string; to: string; from: string };

export const SNAPSHOT_CHANNEL = 'porchlight_snapshots';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
const KINDS = new Set<string>(['published', 'stored', 'revoked', 'unremoved']);

export interface ListeningConnection {
  /** False while the connection is down (between a failure and the reconnection). */
  readonly listening: boolean;
  close(): Promise<void>;
}

interface ListenOptions {
  url: string;
  serverId: string;
  log: Logger;
  onMessage(message: WireMessage): void;
  /** Listening again: whatever happened while nobody listened here is unknown. */
  onConnected(): void;
}

/** Resolves once listening, so a server takes guests only after it can hear the others. */
export async function listen({ url, serverId, log, onMessage, onConnected }: ListenOptions): Promise<ListeningConnection> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const receive = ({ payload }: pg.Notification) => {
    const message = parseMessage(payload);
    if (message) onMessage(message);
    else log.warn({ payload: payload?.slice(0, 200) }, 'snapshot bus: ignored a malformed event');
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', receive);
    next.on('error', (error) => {
      log.warn({ err: error }, 'snapshot bus: the listening connection failed; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${SNAPSHOT_CHANNEL}`);
    // Named only once listening: a server in the list of listeners hears every later event.
    await nameListeningSession(next, serverId);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    onConnected();
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, retryMs }, 'snapshot bus: could not listen yet');
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retry.unref();
  };

  await connect();
  return {
    get listening() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

function parseMessage(payload: string | undefined): WireMessage | null {
  if (!payload) return null;
  try {
    const { kind, token, from, id, of, to } = JSON.parse(payload) as Record<string, unknown>;
    if (typeof from !== 'string') return null;
    if (kind === 'ack') return typeof of === 'string' && typeof to === 'string' ? { kind, of, to, from } : null;
    if (typeof kind !== 'string' || !KINDS.has(kind) || typeof token !== 'string' || !GUEST_TOKEN.test(token)) return null;
    return { kind: kind as SnapshotEventKind, token, from, ...(typeof id === 'string' ? { id } : {}) };
  } catch {
    return null;
  }
}
