import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { openSqliteSync } from './helpers/sync-db.ts';
import { onPostgres } from './helpers/test-database.ts';

/**
 * Another process writing into the server's SQLite file (the admin command line, the e2e fixtures)
 * while the server saves: the server's write transaction waits for the other's commit instead of
 * failing with "database is locked" (docs/architecture.md, the SQLite settings). A plain BEGIN that
 * reads first cannot wait: SQLite refuses its later write at once when another connection holds the
 * write lock. SQLite only: PostgreSQL has row locks and no such lock on the whole database.
 */
let server: TestServer;
let owner: SignedInHost;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  owner = await signedInHost(server, 'premium', { freshTeam: true });
});

afterAll(async () => {
  await server?.stop();
});

/**
 * How long the other connection holds its lock unless the server answers first: well inside the
 * server's busy_timeout (5 s). It decides only whether the test can see the fault (with a plain
 * BEGIN the server answers 500 within it, as soon as its transaction writes), never whether a
 * server that waits passes: nothing here is timed.
 */
const HOLD_MS = 1000;

describe.skipIf(onPostgres)('a second connection writing into the SQLite file', () => {
  it('a save that reads before it writes (renaming the team) waits for the other commit, then succeeds', async () => {
    const other = openSqliteSync(path.join(server.dataDir, 'porchlight.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      other.prepare('UPDATE users SET updated_at = ? WHERE id = ?').run(Date.now(), owner.id);
      const answer = owner.call('/api/team', { method: 'PATCH', json: { name: 'Casa Cerro' } });
      await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
      other.exec('COMMIT');
      const response = await answer;
      expect(response.status, `${await response.clone().text()} ${server.logs.at(-1)}`).toBe(200);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
    expect(query<{ name: string }>(server, 'SELECT name FROM teams WHERE id = ?', owner.teamId)).toEqual([{ name: 'Casa Cerro' }]);
  });
});
