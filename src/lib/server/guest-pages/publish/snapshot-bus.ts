import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import { createAcknowledgements, listeningServers } from './bus-acknowledgements.ts';
import { listen, SNAPSHOT_CHANNEL, type SnapshotEvent, type WireMessage } from './bus-listener.ts';

export type { SnapshotEvent, SnapshotEventKind } from './bus-listener.ts';
export { SNAPSHOT_CHANNEL };

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
 *   deleted, door code or Wi-Fi password changed): every copy goes at once, and each server
 *   confirms it (`ack`, bus-acknowledgements.ts) before the write answers.
 * - `unremoved`: the stored copy could not be removed (the store was out of reach): no server
 *   reads it from the store until `snapshot_removals` no longer lists it (guest-pages/store/pending-removals.ts).
 *
 * NOTIFY is delivered only to sessions listening at the time. A listener that lost its connection
 * may have missed events, so on every (re)connection each server drops all of its copies: the
 * store is right, memory is only a cache.
 */
export interface SnapshotBus {
  /** This server's id in the events it sends (its own come back to it and are ignored). */
  readonly serverId: string;
  /**
   * Tells the other servers, in the order of the calls. Resolves once PostgreSQL has taken the
   * event (a failure is logged, never thrown at the caller), and for `revoked` once every other
   * listening server has dropped its copy: a revocation waits for it before its write answers,
   * the other events need not.
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

const current = processSingleton('snapshot-bus', () => ({ bus: undefined as SnapshotBus | undefined }));

/** This process's bus once the runtime opened one (PostgreSQL); undefined on SQLite: one server, nobody to tell. */
export function snapshotBus(): SnapshotBus | undefined {
  return current.bus;
}

/**
 * The bus on PostgreSQL: one dedicated connection LISTENs (a pooled one would be handed to other
 * queries), and events go out through the pool with `pg_notify`. Resolves once listening, so a
 * server takes guests only after it can hear the others (the runtime opens it before the port).
 */
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
  let closed = false;
  const acks = createAcknowledgements(log);

  /** Sent after the ones before it; true once PostgreSQL took it. */
  const send = (message: WireMessage, before?: () => Promise<void>): Promise<boolean> => {
    const sent = sending.then(async () => {
      try {
        await before?.();
        await pool.query('SELECT pg_notify($1, $2)', [SNAPSHOT_CHANNEL, JSON.stringify(message)]);
        return true;
      } catch (error) {
        log.error({ err: error, kind: message.kind }, 'snapshot bus: could not tell the other servers');
        return false;
      }
    });
    sending = sent.then(() => undefined);
    return sent;
  };

  const onMessage = (message: WireMessage) => {
    if (message.kind === 'ack') {
      if (message.to === serverId) acks.received(message.of, message.from);
      return;
    }
    if (message.from === serverId) return;
    // Applied synchronously, so the acknowledgement below is the truth (no handlers: no memory).
    handlers?.onEvent({ kind: message.kind, token: message.token });
    if (message.id && !closed) void send({ kind: 'ack', of: message.id, to: message.from, from: serverId });
  };
  // Whatever happened while nobody listened here is unknown: start from the store.
  const connection = await listen({ url, serverId, log, onMessage, onConnected: () => handlers?.onGap() });

  const bus: SnapshotBus = {
    serverId,
    publish(event) {
      if (event.kind !== 'revoked') return send({ ...event, from: serverId }).then(() => undefined);
      const id = randomUUID();
      let confirmed = Promise.resolve();
      // The listeners are read before the event leaves: each of them hears it. A server that starts
      // listening later begins with empty memory (onGap). Without a listening session of its own,
      // this server could not hear the acknowledgements: it does not wait for them. Nor when the
      // listeners cannot be read: the event still goes, only unconfirmed.
      const listeners = async () => {
        if (!connection.listening) return;
        try {
          confirmed = acks.expect(id, await listeningServers(pool, serverId));
        } catch (error) {
          log.error({ err: error }, 'snapshot bus: could not read which servers listen; revoking without waiting for their confirmation');
        }
      };
      return send({ ...event, from: serverId, id }, listeners).then((sent) => (sent ? confirmed : acks.release(id)));
    },
    receive(next) {
      handlers = next;
    },
    async flush() {
      await sending;
    },
    async close() {
      closed = true;
      acks.releaseAll();
      await sending;
      await connection.close();
      if (current.bus === bus) current.bus = undefined;
    },
  };
  current.bus = bus;
  return bus;
}
