import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { TestServer } from './server.ts';

/**
 * A Kysely handle on the test server's SQLite file, for calling server modules (the upload
 * clean-up) against the very database the server uses. Destroy it when done.
 */
export function serverKysely(server: TestServer): Kysely<Database> {
  const sqlite = server.openDb();
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
