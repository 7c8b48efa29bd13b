import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';

/**
 * Several servers on one PostgreSQL database and one bucket
 * (docs/decisions/012-several-servers.md). Each server keeps decoded guest snapshots in memory in
 * front of the shared store; a write on one server must reach the memory of all of them. The
 * server that commits a write tells the others through PostgreSQL's LISTEN/NOTIFY (no component
 * beyond the database), after the commit:
 *
 * - `published`: the guidebook changed and this server is rendering its new page. The others keep
 *   serving their copy (the previous page, a moment old), make sure a render of their own that
 *   read the old row does not store it, and wait for `stored` before rendering it on a miss.
 * - `stored`: the new page is in the shared store. The others drop their copy; their next guest
 *   reads the new one from the store (no render).
 * - `revoked`: the old page must not be served a moment longer (link regenerated, guidebook
 *   deleted, door code or Wi-Fi password changed): every copy goes at once.
 * - `unremoved`: the stored copy could not be removed (the store was out of reach): no server
 *   reads it from the store until `snapshot_removals` no longer lists it (guest-pages/store/pending-removals.ts).
 *
 * NOTIFY is delivered only to sessions listening at the time. A listener that lost its connection
 * may have missed events, so on every (re)connection each server drops all of its copies: the
 * store is right, memory is only a cache.
 */
export type SnapshotEventKind = 'published' | 'stored' | 'revoked' | 'unremoved';

export interface SnapshotEvent {
  kind: SnapshotEventKind;
  token: string;
}

export interface SnapshotBus {
  /** This server's id in the events it sends (its own come back to it and are ignored). */
  readonly serverId: string;
  /**
   * Tells the other servers, in the order of the calls. Resolves once PostgreSQL has taken the
   * event (a failure is logged, never thrown at the caller): a revocation waits for it before its
   * write answers, the other events need not.
   */
  publish(event: SnapshotEvent): Promise<void>;
  /**
   * What to do with the other servers' events: set by a serving process (workers.ts); until then,
   * and in the admin command line, they are ignored (there is no memory to keep right).
   */
  receive(handlers: SnapshotBusHandlers): void;
  /** Resolves when every event published so far has reached PostgreSQL (sent or failed). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface SnapshotBusHandlers {
  onEvent(event: SnapshotEvent): void;
  /** Events may have been missed (first connection, reconnection): every in-memory copy must go. */
  onGap(): void;
}

export const SNAPSHOT_CHANNEL = 'porchlight_snapshots';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
const KINDS = new Set<SnapshotEventKind>(['published', 'stored', 'revoked', 'unremoved']);

/**
 * The bus on PostgreSQL: one dedicated connection LISTENs (a pooled one would be handed to other
 * queries), and events go out through the pool with `pg_notify`. Resolves once listening, so a
 * server takes guests only after it can hear the others (the runtime opens it before the port).
 */
const current = processSingleton('snapshot-bus', () => ({ bus: undefined as SnapshotBus | undefined }));

/** This process's bus once the runtime opened one (PostgreSQL); undefined on SQLite: one server, nobody to tell. */
export function snapshotBus(): SnapshotBus | undefined {
  return current.bus;
}

export async function openPostgresSnapshotBus({ url, pool, log }: { url: string; pool: pg.Pool; log: Logger }): Promise<SnapshotBus> {
  const serverId = randomUUID();
  let handlers: SnapshotBusHandlers | undefined;
  /**
   * The last event on its way out. Each waits for the one before: sent through the pool, two
   * events could otherwise travel on two connections and arrive swapped (a `stored` before its
   * `published` would leave the others waiting for a render that already happened). close() lets
   * them go first (the admin command line exits right after).
   */
  let sending: Promise<void> = Promise.resolve();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const receive = (message: pg.Notification) => {
    const event = parseEvent(message.payload);
    if (!event) {
      log.warn({ payload: message.payload?.slice(0, 200) }, 'snapshot bus: ignored a malformed event');
      return;
    }
    if (event.from === serverId) return;
    handlers?.onEvent({ kind: event.kind, token: event.token });
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
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    // Whatever happened while nobody listened here is unknown: start from the store.
    handlers?.onGap();
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

  const bus: SnapshotBus = {
    serverId,
    publish(event) {
      const payload = JSON.stringify({ ...event, from: serverId });
      sending = sending.then(() =>
        pool.query('SELECT pg_notify($1, $2)', [SNAPSHOT_CHANNEL, payload]).then(
          () => undefined,
          (error: unknown) => log.error({ err: error, event }, 'snapshot bus: could not tell the other servers'),
        ),
      );
      return sending;
    },
    receive(next) {
      handlers = next;
    },
    async flush() {
      await sending;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await sending;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
      if (current.bus === bus) current.bus = undefined;
    },
  };
  current.bus = bus;
  return bus;
}

function parseEvent(payload: string | undefined): (SnapshotEvent & { from: string }) | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<SnapshotEvent & { from: string }>;
    if (typeof value.from !== 'string' || typeof value.token !== 'string' || !GUEST_TOKEN.test(value.token)) return null;
    if (!value.kind || !KINDS.has(value.kind)) return null;
    return { kind: value.kind, token: value.token, from: value.from };
  } catch {
    return null;
  }
}
