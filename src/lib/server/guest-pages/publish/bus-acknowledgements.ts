import type pg from 'pg';
import type { Logger } from '../../platform/logger.ts';

/**
 * A revocation answers only once every other server has dropped its copy
 * (docs/decisions/012-several-servers.md, "Order and timing"). NOTIFY reaches a listening session
 * within milliseconds, but the server behind it reads that session's socket when its event loop
 * gets there: a guest request sent to it right after the write's answer could come first. So each
 * server that applies a `revoked` event answers with an `ack`, and the revoking server waits for
 * one from every server that was listening when it sent the event.
 *
 * Which servers listen: their listening connection is named `porchlight-bus:<server id>` in
 * `pg_stat_activity` (set after its LISTEN, so a name there means the server hears the event).
 * A server that dies leaves that list with its connection; one that stops answering (a stalled
 * process) is waited for at most `ACK_WAIT_MS`, then the write answers anyway and says so in the log.
 */
export const BUS_SESSION_PREFIX = 'porchlight-bus:';
export const ACK_WAIT_MS = 5_000;

export async function nameListeningSession(client: pg.Client, serverId: string): Promise<void> {
  await client.query("SELECT set_config('application_name', $1, false)", [`${BUS_SESSION_PREFIX}${serverId}`]);
}

/** The other servers listening now (same database and role: every server connects as the same user). */
export async function listeningServers(pool: pg.Pool, self: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT substr(application_name, $1) AS id FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, $2)',
    [BUS_SESSION_PREFIX.length + 1, BUS_SESSION_PREFIX],
  );
  return rows.map(({ id }) => id).filter((id) => id !== self);
}

export interface Acknowledgements {
  /** Resolves once every server in `servers` acknowledged event `id` (at most ACK_WAIT_MS). */
  expect(id: string, servers: readonly string[]): Promise<void>;
  received(id: string, from: string): void;
  /** Stops waiting for event `id` (it never left). */
  release(id: string): void;
  /** Stops waiting for anything (the bus closes). */
  releaseAll(): void;
}

export function createAcknowledgements(log: Logger): Acknowledgements {
  const waiting = new Map<string, { left: Set<string>; done: () => void }>();
  return {
    expect(id, servers) {
      if (servers.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          log.warn({ servers: [...(waiting.get(id)?.left ?? [])] }, 'snapshot bus: a server did not confirm a revocation in time; answering anyway');
          done();
        }, ACK_WAIT_MS);
        timer.unref();
        const done = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        waiting.set(id, { left: new Set(servers), done });
      });
    },
    received(id, from) {
      const entry = waiting.get(id);
      if (!entry) return;
      entry.left.delete(from);
      if (entry.left.size === 0) entry.done();
    },
    release(id) {
      waiting.get(id)?.done();
    },
    releaseAll() {
      for (const { done } of [...waiting.values()]) done();
    },
  };
}
