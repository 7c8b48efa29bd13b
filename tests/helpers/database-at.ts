import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrations } from '@db/migrations/index.ts';
import { openPostgresSync, openSqliteSync, type SyncDb } from './sync-db.ts';
import { createTestDatabase, onPostgres } from './test-database.ts';

export interface DatabaseAt {
  /** A DATA_DIR for a server started on it (its SQLite file is there on SQLite). */
  dataDir: string;
  /** The database on PostgreSQL (TEST_DATABASE_URL); '' on SQLite, which startServer reads as "the file". */
  databaseUrl: string;
  /** A synchronous handle, for seeding rows as the older build wrote them; close it before a server starts. */
  db: SyncDb;
}

/**
 * A database as an older build left it: every migration up to and including `last` applied and
 * recorded in `_migrations`, as migrate() and migratePostgres() do, and none after, on the run's
 * database (a SQLite file, or a new PostgreSQL database with TEST_DATABASE_URL). A server started
 * on it applies the rest, as a deploy of this build would (docs/decisions/005-migrations-as-modules.md).
 */
export async function databaseAt(last: string): Promise<DatabaseAt> {
  const upTo = migrations.findIndex((migration) => migration.name === last);
  if (upTo === -1) throw new Error(`databaseAt: no migration ${last}`);
  const applied = migrations.slice(0, upTo + 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-at-'));
  if (onPostgres) {
    const databaseUrl = await createTestDatabase();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
      for (const migration of applied) {
        await client.query(migration.upPostgres);
        await client.query('INSERT INTO _migrations (name, applied_at) VALUES ($1, $2)', [migration.name, Date.now()]);
      }
    } finally {
      await client.end();
    }
    return { dataDir, databaseUrl, db: openPostgresSync(databaseUrl) };
  }
  const sqlite = openSqliteSync(path.join(dataDir, 'porchlight.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT');
  for (const migration of applied) {
    sqlite.transaction(() => {
      sqlite.exec(migration.up);
      sqlite.prepare('INSERT INTO _migrations (name, applied_at) VALUES (?, ?)').run(migration.name, Date.now());
    })();
  }
  return { dataDir, databaseUrl: '', db: sqlite };
}
