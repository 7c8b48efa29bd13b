import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '@db/schema.ts';
import type { Logger } from '../logger.ts';
import { migratePostgres } from './migrate-postgres.ts';

export interface OpenedPostgres {
  dialect: 'postgres';
  pool: pg.Pool;
  db: Kysely<Database>;
  /** Calls `onStatement` for every statement the pool's connections run from now on (tests count them). */
  countStatements(onStatement: () => void): void;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Type parsers of this pool only (the `pg` module's global ones stay as they are): times are epoch
 * milliseconds in BIGINT and counts are int8, both well inside Number's exact range, and the code
 * reads them as numbers, as SQLite hands them over. `sum()` of a BIGINT is numeric: the same.
 */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** pg-cursor for Kysely's `.stream()`, with the pool's type parsers (a cursor takes the global ones otherwise). */
export class PostgresCursor<Row> extends Cursor<Row> {
  constructor(text: string, values: unknown[]) {
    super(text, values, { types: postgresTypes });
  }
}

/**
 * Opens a pool on DATABASE_URL and applies pending migrations before anything else uses it;
 * `readOnly`: no migrations, and every transaction of its connections read-only.
 */
export async function openPostgres(url: string, poolSize: number, log?: Logger, { readOnly = false }: { readOnly?: boolean } = {}): Promise<OpenedPostgres> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: postgresTypes, ...(readOnly ? { options: '-c default_transaction_read_only=on' } : {}) });
  // An idle client that loses its server (restart, network) emits here; without a listener it would
  // end the process. The pool drops that client and connects a new one on the next query.
  pool.on('error', (error) => log?.warn({ err: error }, 'database: idle PostgreSQL connection failed'));
  try {
    if (!readOnly) await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: PostgresCursor }) });
  return {
    dialect: 'postgres',
    pool,
    db,
    countStatements(onStatement) {
      const counted = new WeakSet<pg.PoolClient>();
      // Kysely runs each query as one client.query() on a connection it takes from the pool.
      pool.on('acquire', (client) => {
        if (counted.has(client)) return;
        counted.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          onStatement();
          return query(...args);
        }) as typeof client.query;
      });
    },
  };
}
