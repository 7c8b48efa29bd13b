import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * A synchronous handle on a test server's database, the part of better-sqlite3's API the tests use
 * (`prepare(sql).get/all/run`, `exec`, `close`), so the same assertions run on SQLite and on
 * PostgreSQL. SQL is written with `?` placeholders; on PostgreSQL they become `$1…`.
 * Write portable SQL here, or use `serverKysely` (tests/helpers/kysely.ts) for anything more.
 */
export interface SyncStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number };
}

export interface SyncDb {
  prepare(sql: string): SyncStatement;
  exec(sql: string): void;
  close(): void;
}

/** The SQLite file itself (better-sqlite3 is the interface above), waiting out the server's writes. */
export function openSqliteSync(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  return db;
}

interface Reply {
  rows?: unknown[];
  rowCount?: number;
  error?: { message: string; code?: string };
}

/**
 * PostgreSQL made synchronous for tests: a worker thread owns a `pg` client; each call posts the
 * query and blocks on Atomics.wait until the worker has answered (tests/helpers/sync-postgres-worker.ts).
 */
export function openPostgresSync(url: string): SyncDb & { terminate(): Promise<number> } {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./sync-postgres-worker.ts', import.meta.url), { workerData: { url, port: port2, signal }, transferList: [port2] });
  worker.unref();

  const call = (sql: string, params: unknown[], simple = false): Required<Pick<Reply, 'rows' | 'rowCount'>> => {
    Atomics.store(signal, 0, 0);
    port1.postMessage({ sql: simple ? sql : numberPlaceholders(sql), params, simple });
    if (Atomics.wait(signal, 0, 0, 30_000) === 'timed-out') throw new Error(`PostgreSQL test handle: no answer in 30 s to ${sql}`);
    const reply = receiveMessageOnPort(port1)?.message as Reply | undefined;
    if (!reply) throw new Error('PostgreSQL test handle: the worker answered nothing');
    if (reply.error) throw Object.assign(new Error(`${reply.error.message}\n  in: ${sql}`), { code: reply.error.code });
    return { rows: reply.rows ?? [], rowCount: reply.rowCount ?? 0 };
  };

  return {
    prepare(sql) {
      return {
        get: (...params) => call(sql, params).rows[0],
        all: (...params) => call(sql, params).rows,
        run: (...params) => ({ changes: call(sql, params).rowCount }),
      };
    },
    exec(sql) {
      call(sql, [], true);
    },
    // One handle per test server lives until the process ends; closing a borrowed one does nothing.
    close() {},
    terminate: () => worker.terminate(),
  };
}

/** A query answering the name (`name`) of every table of the app's database. */
export function tableNamesSql(dialect: 'sqlite' | 'postgres'): string {
  return dialect === 'postgres'
    ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
    : "SELECT name FROM sqlite_master WHERE type = 'table'";
}

/** `?` → `$1`, `$2`, … outside quoted strings and identifiers. */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '?') {
      n += 1;
      out += `$${n}`;
      continue;
    }
    out += char;
  }
  return out;
}
