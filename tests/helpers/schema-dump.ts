import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * The schema the migrations leave, as text that two runs can be compared by: every table, column
 * (type, NOT NULL, default, key), foreign key, CHECK, UNIQUE and index, in a fixed order.
 * tests/migrations-schema.test.ts holds it against the snapshots in tests/fixtures/schema, so a
 * migration rewritten (or a new one) cannot change what a database ends with unnoticed.
 */
export function dumpSqliteSchema(sqlite: SQLite.Database): string {
  const lines: string[] = [];
  const objects = sqlite
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY tbl_name, type DESC, name")
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
  for (const object of objects) {
    // The statement as SQLite keeps it: the only place a CHECK (and a partial index's WHERE) shows.
    lines.push(`${object.type} ${object.name}${object.type === 'table' ? '' : ` on ${object.tbl_name}`}`, (object.sql ?? '(automatic)').replace(/^/gm, '    '));
    if (object.type !== 'table') continue;
    const table = object.name;
    for (const column of sqlite.pragma(`table_xinfo("${table}")`) as Record<string, unknown>[]) {
      lines.push(`  column ${String(column.name)} ${String(column.type)} notnull=${String(column.notnull)} default=${String(column.dflt_value)} pk=${String(column.pk)} hidden=${String(column.hidden)}`);
    }
    for (const key of sqlite.pragma(`foreign_key_list("${table}")`) as Record<string, unknown>[]) {
      lines.push(`  foreign key ${String(key.from)} -> ${String(key.table)}(${String(key.to)}) on delete ${String(key.on_delete)} on update ${String(key.on_update)}`);
    }
    const indexes = (sqlite.pragma(`index_list("${table}")`) as Record<string, unknown>[]).toSorted((a, b) => String(a.name).localeCompare(String(b.name)));
    for (const index of indexes) {
      const columns = (sqlite.pragma(`index_xinfo("${String(index.name)}")`) as Record<string, unknown>[])
        .filter((column) => column.key === 1)
        .map((column) => `${String(column.name)}${column.desc ? ' DESC' : ''} ${String(column.coll)}`);
      lines.push(`  index ${String(index.name)} unique=${String(index.unique)} origin=${String(index.origin)} partial=${String(index.partial)} (${columns.join(', ')})`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The same for PostgreSQL, from its catalogs (names, types and definitions as it prints them). */
export async function dumpPostgresSchema(client: pg.ClientBase): Promise<string> {
  const lines: string[] = [];
  const tables = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  for (const { name: table } of tables.rows) {
    lines.push(`table ${table}`);
    const columns = await client.query<Record<string, string | null>>(
      `SELECT column_name, data_type, is_nullable, column_default, is_identity, identity_generation, identity_start, identity_increment,
              identity_maximum, identity_minimum, identity_cycle, is_generated, collation_name
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    for (const column of columns.rows) {
      const identity = column.is_identity === 'YES' ? ` identity ${column.identity_generation} start ${column.identity_start} by ${column.identity_increment} min ${column.identity_minimum} max ${column.identity_maximum} cycle ${column.identity_cycle}` : '';
      lines.push(`  column ${column.column_name} ${column.data_type} nullable=${column.is_nullable} default=${column.column_default} generated=${column.is_generated} collation=${column.collation_name}${identity}`);
    }
    const constraints = await client.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
         WHERE conrelid = $1::regclass ORDER BY conname`,
      [`public.${table}`],
    );
    for (const constraint of constraints.rows) lines.push(`  constraint ${constraint.name} ${constraint.definition}`);
    const indexes = await client.query<{ name: string; definition: string }>(
      "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname",
      [table],
    );
    for (const index of indexes.rows) lines.push(`  index ${index.name} ${index.definition}`);
  }
  const sequences = await client.query<Record<string, string>>(
    "SELECT sequencename, data_type::text, start_value::text, increment_by::text, min_value::text, max_value::text, cycle::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
  );
  for (const sequence of sequences.rows) lines.push(`sequence ${Object.values(sequence).join(' ')}`);
  return `${lines.join('\n')}\n`;
}
