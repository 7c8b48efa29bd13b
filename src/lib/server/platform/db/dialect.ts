import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * The two databases Porchlight runs on: SQLite by default, PostgreSQL with
 * DATABASE_URL. Queries are written once in Kysely; the few constructs the two spell differently
 * live here, and nowhere else, each with both forms.
 */
export type DialectName = 'sqlite' | 'postgres';

/**
 * The order rows of `instructions` were inserted in: SQLite's rowid, PostgreSQL's identity column
 * `seq` (db/migrations/0001-foundation.ts). Breaks ties between guidebooks created in one millisecond.
 */
export function instructionInsertionOrder(dialect: DialectName): RawBuilder<number> {
  return dialect === 'postgres' ? sql<number>`instructions.seq` : sql<number>`instructions.rowid`;
}

/** A JSON document stored as TEXT (`column`) with its top-level `key` set to the string `value`, as TEXT. */
export function jsonTextWithString(dialect: DialectName, column: string, key: string, value: string): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`jsonb_set(${sql.ref(column)}::jsonb, ARRAY[${key}::text], to_jsonb(${value}::text))::text`;
  return sql<string>`json_set(${sql.ref(column)}, ${`$.${key}`}, ${value})`;
}

/** The top-level `key` of a JSON document stored as TEXT, as text (null when absent). */
export function jsonTextField(dialect: DialectName, column: string, key: string): RawBuilder<string | null> {
  if (dialect === 'postgres') return sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`;
  return sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
}

/**
 * Serialises the transactions that pass the same key until they end. SQLite needs nothing: it runs
 * one write transaction at a time. PostgreSQL takes a transaction-scoped advisory lock, for
 * read-then-write steps whose row may not exist yet (so SELECT … FOR UPDATE has nothing to lock).
 */
export async function lockForTransaction(trx: Kysely<Database>, dialect: DialectName, key: string, { shared = false }: { shared?: boolean } = {}): Promise<void> {
  if (dialect !== 'postgres') return;
  // Shared holders of one key run side by side; they wait only for (and hold off) an exclusive one.
  if (shared) await sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`.execute(trx);
  else await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

interface Lockable<Q> {
  forUpdate(): Q;
  skipLocked(): Q;
}

/**
 * A SELECT whose rows stay locked until the transaction ends (FOR UPDATE), for read-modify-write
 * on PostgreSQL; SQLite has no row locks and needs none (one writer at a time).
 */
export function lockingRows<Q extends Lockable<Q>>(dialect: DialectName, query: Q): Q {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** The same, passing over rows another transaction holds (FOR UPDATE SKIP LOCKED): a work queue's claim. */
export function claimingRows<Q extends Lockable<Q>>(dialect: DialectName, query: Q): Q {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}
