import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '@db/schema.ts';
import type { DialectName } from '../../src/lib/server/platform/db/dialect.ts';
import { openDatabase } from '../../src/lib/server/platform/db/open-database.ts';
import { openPostgres } from '../../src/lib/server/platform/db/open-postgres.ts';
import { openPostgresSync, type SyncDb } from './sync-db.ts';

/**
 * Which database the integration suites run on: SQLite files by default; PostgreSQL when
 * TEST_DATABASE_URL names a cluster (`npm run test:pg`, scripts/pg-test-cluster.sh). The same test
 * files run on both.
 */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

export const onPostgres = testDatabaseUrl !== undefined;

/**
 * A fresh, empty PostgreSQL database in the test cluster for one test server (the server migrates
 * it at start); its URL. The cluster is thrown away after the run, so databases are not dropped
 * (a server restarted on the same DATA_DIR finds its data again).
 */
export async function createTestDatabase(): Promise<string> {
  if (!testDatabaseUrl) throw new Error('createTestDatabase: TEST_DATABASE_URL is not set');
  const name = `porchlight_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export interface TestDatabase {
  dialect: DialectName;
  db: Kysely<Database>;
  /** Synchronous reads and writes for assertions (tests/helpers/sync-db.ts). */
  sync: SyncDb;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for unit tests of server modules, on the dialect of the run: a SQLite
 * file in a temporary folder, or a new database in the PostgreSQL test cluster.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (onPostgres) {
    const url = await createTestDatabase();
    const { db } = await openPostgres(url, 4);
    const sync = openPostgresSync(url);
    return {
      dialect: 'postgres',
      db,
      sync,
      async close() {
        await db.destroy();
        await sync.terminate();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-db-'));
  const { db, sqlite } = openDatabase(path.join(dir, 'test.sqlite'));
  return {
    dialect: 'sqlite',
    db,
    sync: sqlite,
    async close() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
