// Worker thread of openPostgresSync (tests/helpers/sync-db.ts): runs each query it is sent on one
// `pg` client, posts the answer back, then wakes the waiting test thread. Plain Node runs this file
// (type stripping), so it imports nothing but `pg`.
import { type MessagePort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { url, port, signal } = workerData as { url: string; port: MessagePort; signal: Int32Array };

// Epoch-millisecond BIGINTs and counts as numbers, as the app's pool reads them (db/open-postgres.ts).
const asNumber = (value: string) => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 || oid === 1700 ? asNumber : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};
const client = new pg.Client({ connectionString: url, types });
const connected = client.connect();

port.on('message', (message: { sql: string; params: unknown[]; simple: boolean }) => {
  void (async () => {
    try {
      await connected;
      const result = message.simple ? await client.query(message.sql) : await client.query(message.sql, message.params);
      const last = Array.isArray(result) ? result.at(-1) : result;
      port.postMessage({ rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 });
    } catch (error) {
      const { message: text, code } = error as { message: string; code?: string };
      port.postMessage({ error: { message: text, code } });
    }
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  })();
});
