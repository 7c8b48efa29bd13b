import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@db/schema.ts';
import { PostgresCursor, postgresTypes } from '../../src/lib/server/platform/db/open-postgres.ts';
import type { TestServer } from './server.ts';
import { openSqliteSync } from './sync-db.ts';

/**
 * A Kysely handle on the test server's database (its SQLite file, or its PostgreSQL database under
 * `npm run test:pg`), for calling server modules (the upload clean-up) and for assertions written
 * once for both dialects. Destroy it when done.
 */
export function serverKysely(server: TestServer): Kysely<Database> {
  if (server.databaseUrl) {
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2, types: postgresTypes });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: PostgresCursor }) });
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqliteSync(path.join(server.dataDir, 'porchlight.sqlite')) }) });
}

/**
 * A serverKysely handle for the tests of the enclosing file or describe block: opened before them
 * on `server()`, handed to `receive`, destroyed after them.
 */
export function serverKyselyForTests(server: () => TestServer, receive: (db: Kysely<Database>) => void): void {
  let db: Kysely<Database> | undefined;
  beforeAll(() => {
    db = serverKysely(server());
    receive(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });
}
