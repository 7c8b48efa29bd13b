import type pg from 'pg';
import { migrations } from '@db/migrations/index.ts';

/** Key of the advisory lock that serialises migrations across servers starting together. */
const MIGRATION_LOCK = 'porchlight:migrations';

/**
 * Applies pending migrations (their `upPostgres` SQL, ADR 005), each in its own transaction that
 * first takes a transaction-scoped advisory lock: servers starting together apply each migration
 * once, in order, and a failing one leaves nothing half-applied (PostgreSQL's DDL is
 * transactional). Returns the names it applied.
 */
export async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const ran: string[] = [];
  try {
    const applied = await inTransaction(client, async () => {
      // Under the lock: concurrent CREATE TABLE IF NOT EXISTS can otherwise fail on pg_type's key.
      await client.query('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
      const { rows } = await client.query<{ name: string }>('SELECT name FROM _migrations');
      return new Set(rows.map((row) => row.name));
    });
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await inTransaction(client, async () => {
        const again = await client.query('SELECT 1 FROM _migrations WHERE name = $1', [migration.name]);
        if (again.rowCount) return;
        // No parameters: the simple query protocol, which runs the file's several statements.
        await client.query(migration.upPostgres);
        await client.query('INSERT INTO _migrations (name, applied_at) VALUES ($1, $2)', [migration.name, Date.now()]);
        ran.push(migration.name);
      });
    }
  } finally {
    client.release();
  }
  return ran;
}

async function inTransaction<T>(client: pg.PoolClient, run: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    const result = await run();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
