import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/lib/server/platform/db/open-database.ts';
import { openPostgres } from '../src/lib/server/platform/db/open-postgres.ts';
import { dumpPostgresSchema, dumpSqliteSchema } from './helpers/schema-dump.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

// A migration that already ran on a database must leave the same schema when it runs on a fresh
// one (docs/decisions/005-migrations-as-modules.md): the schema both databases end with is kept
// in tests/fixtures/schema. A new migration adds to it (`npm run test:pg -- -u` on this file
// writes both); a change to an existing migration must leave it as it is.

describe('the schema the migrations leave', () => {
  it('SQLite: every statement as SQLite keeps it, every column, key and index', async () => {
    const { sqlite, db } = openDatabase(':memory:');
    try {
      await expect(dumpSqliteSchema(sqlite)).toMatchFileSnapshot('fixtures/schema/sqlite.txt');
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: every column, constraint, index and identity sequence', async () => {
    const url = await createTestDatabase();
    const { db } = await openPostgres(url, 1);
    await db.destroy();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await expect(await dumpPostgresSchema(client)).toMatchFileSnapshot('fixtures/schema/postgres.txt');
    } finally {
      await client.end();
    }
  });
});
