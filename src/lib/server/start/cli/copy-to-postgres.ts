import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, parseConfig, type Config } from '../../platform/config.ts';
import { openPostgres } from '../../platform/db/open-postgres.ts';
import { copyFiles, type StoreCount } from './copy-files.ts';
import { checkSource, copyTables, CopyRefused, occupiedTables, targetNotEmpty, type TableCount } from './copy-tables.ts';

export const COPY_USAGE = 'npm run admin -- copy-to-postgres [--from <file.sqlite>] [--force]';

/**
 * Moving house (docs/decisions/012-several-servers.md): the SQLite database under DATA_DIR (or
 * `--from`) and the DATA_DIR/uploads and DATA_DIR/snapshots files go into the PostgreSQL database
 * of DATABASE_URL and the configured store (STORAGE_DRIVER=s3 and S3_*). Run it with every server stopped.
 *
 * Order: the target is migrated, checked empty (else it stops with exit code 2 unless --force),
 * the files are copied (a second write of a key overwrites it), then every row in one transaction
 * (copy-tables.ts). A run that fails leaves no rows behind, so running it again is the fix; a finished
 * run repeated with --force ends with the same rows and objects. Exit codes: 0 copied, 1 failed
 * (nothing committed), 2 refused before writing anything.
 */
export async function runCopyToPostgres(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { from: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(`usage: ${COPY_USAGE}`);
    return 0;
  }
  let config: Config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) return refuse(error.message);
    throw error;
  }
  if (config.database.dialect !== 'postgres') return refuse('set DATABASE_URL to the PostgreSQL database to copy into');
  if (config.storageDriver === 'memory') return refuse('STORAGE_DRIVER=memory keeps nothing: use s3 (or fs to leave the files in DATA_DIR)');
  const file = path.resolve(values.from ?? path.join(config.dataDir, 'porchlight.sqlite'));
  if (!fs.existsSync(file)) return refuse(`no SQLite database at ${file} (set DATA_DIR, or --from <file>)`);

  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  let target;
  try {
    checkSource(sqlite, file);
    // Opening applies the PostgreSQL migrations (ADR 005): the tables exist before anything is checked.
    target = await openPostgres(config.database.url, 2);
    const client = await target.pool.connect();
    try {
      const occupied = await occupiedTables(client);
      if (occupied.length > 0 && !values.force) throw targetNotEmpty(occupied);
      console.log(`copy-to-postgres: ${file} and ${config.dataDir}/{uploads,snapshots} → ${withoutPassword(config.database.url)} and ${storeName(config)}${values.force ? ' (--force: replacing what is there)' : ''}`);
      const tokens = new Set((sqlite.prepare('SELECT token FROM instructions').all() as { token: string }[]).map((row) => row.token));
      const stores = await copyFiles(config, tokens);
      const tables = await copyTables(sqlite, client, values.force);
      printCounts(tables, stores);
      const missing = stores.filter((count) => count.objects !== count.files);
      if (missing.length > 0) {
        console.error(`copy-to-postgres: files missing in the target store (${missing.map((count) => `${count.store}: ${count.files - count.objects}`).join(', ')}); run it again with --force`);
        return 1;
      }
      const rows = tables.reduce((sum, count) => sum + count.target, 0);
      const files = stores.reduce((sum, count) => sum + count.files, 0);
      console.log(`copy-to-postgres: done, ${rows} rows in ${tables.length} tables and ${files} files; point the servers at DATABASE_URL${config.storageDriver === 's3' ? ' and the bucket' : ''} and start them`);
      return 0;
    } finally {
      client.release();
    }
  } catch (error) {
    if (error instanceof CopyRefused) return refuse(error.message);
    console.error(`copy-to-postgres: failed, nothing committed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    sqlite.close();
    // The pool itself: Kysely ends it only if a query went through Kysely, and none does here.
    await target?.pool.end();
  }
}

function printCounts(tables: TableCount[], stores: StoreCount[]): void {
  const table = (head: string[], rows: (string | number)[][]) => {
    const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
    const line = (cells: (string | number)[]) => cells.map((cell, i) => (i === 0 || i === cells.length - 1 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('  ').trimEnd();
    console.log(['', line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n'));
  };
  table(['table', 'sqlite rows', 'postgres rows', 'check'], tables.map((count) => [count.table, count.source, count.target, count.source === count.target ? 'ok' : 'DIFFERENT']));
  table(['store', 'files', 'objects', 'check'], stores.map((count) => [count.store, count.files, count.objects, count.note]));
  console.log('');
}

function storeName(config: Config): string {
  if (config.storageDriver === 's3' && config.s3) return `bucket ${config.s3.bucket} at ${config.s3.endpoint}`;
  return 'the files left in DATA_DIR (STORAGE_DRIVER=fs)';
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

function refuse(message: string): number {
  console.error(`copy-to-postgres: ${message}`);
  return 2;
}
