import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { migrations } from '@db/migrations/index.ts';
import type { Database } from '@db/schema.ts';

/** A reason to stop before anything is written, for the operator to fix (exit code 2). */
export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

type CopiedTable = Exclude<keyof Database, '_migrations'>;

/**
 * Every table but `_migrations` (the target applies its own), parents before the tables whose
 * foreign keys point at them: the order rows are inserted in.
 */
export const COPY_ORDER = [
  'users',
  'teams',
  'memberships',
  'team_settings',
  'instructions',
  'member_guidebooks',
  'team_invitations',
  'invitation_guidebooks',
  'contact_messages',
  'outbox',
  'rate_limits',
  'sessions',
  'user_tokens',
  'known_devices',
  'uploads',
  'geocode_cache',
  'billing_customers',
  'subscriptions',
  'stripe_events',
  'payout_accounts',
  'snapshot_removals',
  'lock_accounts',
  'lock_connect_attempts',
  'lock_devices',
  'pms_integrations',
  'pms_units',
  'pms_hook_inbox',
  'calendar_tombstones',
  'lock_assignments',
  'stays',
  'lock_codes',
  'lock_webhook_inbox',
  'lock_account_removals',
  'orders',
  'order_confirmations',
  'record_locks',
  'instruction_calendars',
  'instruction_revisions',
  'guest_views',
  'guest_reads',
  'stay_reads',
  'guest_feedback',
  'guest_question_counts',
  'guest_questions',
  'assistant_usage',
  'team_activity',
] as const satisfies readonly CopiedTable[];

// A table added by a later migration must be added above: this line stops the type check otherwise.
const everyTableListed: [Exclude<CopiedTable, (typeof COPY_ORDER)[number]>] extends [never] ? true : false = true;
void everyTableListed;

/**
 * PostgreSQL's identity columns (db/migrations/0001-foundation.ts) and where their values come
 * from: the ids are copied as they are; `instructions.seq` is SQLite's rowid, the insertion order.
 */
const IDENTITIES = [
  { table: 'contact_messages', column: 'id' },
  { table: 'outbox', column: 'id' },
  { table: 'instructions', column: 'seq' },
  { table: 'team_activity', column: 'id' },
  { table: 'pms_hook_inbox', column: 'id' },
  { table: 'lock_webhook_inbox', column: 'id' },
] as const;

/** Rows per INSERT: 500 rows of a few dozen columns (stays has the most, 34) stay below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;

export interface TableCount {
  table: CopiedTable;
  source: number;
  target: number;
}

/** Stops unless `sqlite` is a Porchlight database at exactly this build's migrations. */
export function checkSource(sqlite: SQLite.Database, file: string): void {
  const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((row) => row.name);
  if (!tables.includes('_migrations')) throw new CopyRefused(`${file} is not a Porchlight database (it has no _migrations table)`);
  const applied = new Set((sqlite.prepare('SELECT name FROM _migrations').all() as { name: string }[]).map((row) => row.name));
  const missing = migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
  if (missing.length > 0) throw new CopyRefused(`${file} lacks migrations ${missing.join(', ')}: start this build on it once (npm run serve), stop it, then copy`);
  const unknown = [...applied].filter((name) => !migrations.some((migration) => migration.name === name));
  if (unknown.length > 0) throw new CopyRefused(`${file} was migrated by a newer build (${unknown.join(', ')}): copy with that build`);
  const unlisted = tables.filter((table) => table !== '_migrations' && !(COPY_ORDER as readonly string[]).includes(table));
  if (unlisted.length > 0) throw new Error(`copy-to-postgres does not know the tables ${unlisted.join(', ')} (COPY_ORDER)`);
}

/** Tables of the target that hold rows, with their counts. */
export async function occupiedTables(client: pg.ClientBase): Promise<TableCount[]> {
  return (await countTarget(client)).filter((count) => count.target > 0);
}

/**
 * Copies every row, in COPY_ORDER and rowid order, in one PostgreSQL transaction: the target
 * ends as the copy or as it was (a failed run leaves nothing to refuse next time). With `force`,
 * the tables are emptied first; without it, a table holding rows stops the copy (CopyRefused).
 * The source is read in one read transaction, so its tables agree with each other. Identity
 * sequences continue after the highest id either database gave out. The counts are compared
 * before the commit, and a difference rolls everything back.
 */
export async function copyTables(sqlite: SQLite.Database, client: pg.ClientBase, force: boolean): Promise<TableCount[]> {
  sqlite.exec('BEGIN');
  await client.query('BEGIN');
  try {
    // Nothing else writes these tables until the commit (a server starting on the target seeds the demo).
    await client.query(`LOCK TABLE ${COPY_ORDER.map(quote).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const occupied = await occupiedTables(client);
    if (occupied.length > 0 && !force) throw targetNotEmpty(occupied);
    if (occupied.length > 0) await client.query(`TRUNCATE ${COPY_ORDER.map(quote).join(', ')} RESTART IDENTITY`);
    const sources = new Map<CopiedTable, number>();
    for (const table of COPY_ORDER) sources.set(table, await copyTable(sqlite, client, table));
    await continueIdentities(sqlite, client);
    const counts = (await countTarget(client)).map((count) => ({ ...count, source: sources.get(count.table)! }));
    const different = counts.filter((count) => count.source !== count.target);
    if (different.length > 0) throw new Error(`row counts differ (${different.map((c) => `${c.table}: ${c.source} in, ${c.target} out`).join('; ')}); nothing was committed`);
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    sqlite.exec('COMMIT');
  }
}

export function targetNotEmpty(occupied: TableCount[]): CopyRefused {
  const list = occupied.map((count) => `${count.table}: ${count.target}`).join(', ');
  return new CopyRefused(`the PostgreSQL database already holds rows (${list}); run again with --force to replace them with the copy`);
}

/** Inserts one table's rows in batches; answers how many the source holds. */
async function copyTable(sqlite: SQLite.Database, client: pg.ClientBase, table: CopiedTable): Promise<number> {
  const columns = (sqlite.pragma(`table_info(${quote(table)})`) as { name: string }[]).map((column) => column.name);
  // instructions.seq is GENERATED ALWAYS: it takes SQLite's rowid only when told to override.
  const withSeq = table === 'instructions';
  const targetColumns = withSeq ? ['seq', ...columns] : columns;
  const select = sqlite.prepare(`SELECT ${withSeq ? 'rowid, ' : ''}${columns.map(quote).join(', ')} FROM ${quote(table)} ORDER BY rowid`).raw(true);
  const insert = async (rows: unknown[][]) => {
    const values = rows.map((row, r) => `(${row.map((_, c) => `$${r * row.length + c + 1}`).join(', ')})`).join(', ');
    const text = `INSERT INTO ${quote(table)} (${targetColumns.map(quote).join(', ')})${withSeq ? ' OVERRIDING SYSTEM VALUE' : ''} VALUES ${values}`;
    try {
      await client.query(text, rows.flat());
    } catch (error) {
      throw new Error(`${table}: ${(error as Error).message}`, { cause: error });
    }
  };
  let batch: unknown[][] = [];
  let total = 0;
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    total += 1;
    if (batch.length === BATCH_ROWS) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return total;
}

/**
 * Each identity sequence continues after the highest value in use, or after the highest
 * AUTOINCREMENT id SQLite ever gave out (sqlite_sequence), so no id of a deleted row comes back.
 */
async function continueIdentities(sqlite: SQLite.Database, client: pg.ClientBase): Promise<void> {
  const given = new Map((sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]).map((row) => [row.name, row.seq]));
  for (const { table, column } of IDENTITIES) {
    const { rows } = await client.query<{ highest: number | null }>(`SELECT max(${quote(column)}) AS highest FROM ${quote(table)}`);
    const highest = Math.max(rows[0]?.highest ?? 0, column === 'id' ? (given.get(table) ?? 0) : 0);
    await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)', [table, column, Math.max(highest, 1), highest > 0]);
  }
}

async function countTarget(client: pg.ClientBase): Promise<TableCount[]> {
  const text = COPY_ORDER.map((table) => `SELECT '${table}' AS "table", count(*)::int AS n FROM ${quote(table)}`).join(' UNION ALL ');
  const { rows } = await client.query<{ table: CopiedTable; n: number }>(text);
  const byTable = new Map(rows.map((row) => [row.table, row.n]));
  return COPY_ORDER.map((table) => ({ table, source: 0, target: byTable.get(table) ?? 0 }));
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
