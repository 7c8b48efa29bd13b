import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
import { LRUCache } from 'lru-cache';
import { migrations } from '@db/migrations/index.ts';
import type { Database } from '@db/schema.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { openPostgres, type OpenedPostgres } from './open-postgres.ts';

export interface OpenedSqlite {
  dialect: 'sqlite';
  sqlite: SQLite.Database;
  db: Kysely<Database>;
  /** Calls `onStatement` for every statement the database runs from now on (tests count them). */
  countStatements(onStatement: () => void): void;
}

export type OpenedDatabase = OpenedSqlite | OpenedPostgres;

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite.
 * `readOnly`: no migrations and every write refused (the render worker opens it so, beside the
 * server that migrated it).
 */
export async function openConfiguredDatabase(database: Config['database'], log?: Logger, { readOnly = false }: { readOnly?: boolean } = {}): Promise<OpenedDatabase> {
  if (database.dialect === 'postgres') return openPostgres(database.url, database.poolSize, log, { readOnly });
  return openDatabase(database.file, { readOnly });
}

/**
 * Opens (creating if needed) the SQLite file with the pragmas of docs/security.md 24 and applies
 * pending migrations, each in its own transaction.
 */
export function openDatabase(file: string, { readOnly = false }: { readOnly?: boolean } = {}): OpenedSqlite {
  if (readOnly) {
    // The file, its WAL mode and its migrations are the writer's; a reader waits out its locks.
    const reader = new SQLite(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    return openedSqlite(reader, { writable: false });
  }
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 defaults to NORMAL; FULL makes every commit durable on power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  migrate(sqlite);
  return openedSqlite(sqlite, { writable: true });
}

function openedSqlite(sqlite: SQLite.Database, { writable }: { writable: boolean }): OpenedSqlite {
  const counter: { onStatement?: () => void } = {};
  const config = { database: reusingStatements(sqlite, counter) };
  const db = new Kysely<Database>({ dialect: writable ? new ImmediateSqliteDialect(config) : new SqliteDialect(config) });
  return {
    dialect: 'sqlite',
    sqlite,
    db,
    countStatements(onStatement) {
      counter.onStatement = onStatement;
    },
  };
}

/**
 * Kysely's SQLite dialect with every transaction begun IMMEDIATE: it takes the write lock up front,
 * so when another process holds it (the admin command line, a fixture writing into the file) the
 * BEGIN waits out busy_timeout. A plain BEGIN that reads first cannot wait: its later write fails
 * at once with "database is locked" when another process holds the write lock or has committed
 * since that read. The read-only connection keeps the plain BEGIN: it takes no write lock.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

/** Prepared statements kept for reuse, by SQL text (a query with a list of n values is one per n). */
const STATEMENTS_KEPT = 256;

/**
 * `sqlite` as Kysely's dialect sees it, with its statements prepared once. Kysely asks for a new
 * statement on every query, and SQLite compiling the same text again was a tenth of a millisecond
 * per query, about a tenth of a save's CPU with its publish (docs/performance.md). A statement is
 * safe to reuse: Kysely runs one query at a time on this connection (a stream holds it until its
 * last row), and better-sqlite3 resets a statement after each run. `counter.onStatement` hears of
 * every query (tests count them).
 */
function reusingStatements(sqlite: SQLite.Database, counter: { onStatement?: () => void }): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENTS_KEPT });
  return {
    close: () => sqlite.close(),
    prepare(source) {
      counter.onStatement?.();
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

export function migrate(sqlite: SQLite.Database): string[] {
  sqlite.exec('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT');
  const applied = new Set(
    sqlite
      .prepare('SELECT name FROM _migrations')
      .all()
      .map((row) => (row as { name: string }).name),
  );
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    // IMMEDIATE: two processes starting together cannot both apply the same migration.
    sqlite.transaction(() => {
      const again = sqlite.prepare('SELECT 1 FROM _migrations WHERE name = ?').get(migration.name);
      if (again) return;
      sqlite.exec(migration.up);
      sqlite.prepare('INSERT INTO _migrations (name, applied_at) VALUES (?, ?)').run(migration.name, Date.now());
      ran.push(migration.name);
    }).immediate();
  }
  return ran;
}
