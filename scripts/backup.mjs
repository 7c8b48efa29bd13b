// `npm run backup`: an online backup of DATA_DIR/porchlight.sqlite (docs/security.md 25). Safe while the
// server runs: SQLite's backup API copies a consistent snapshot page by page, which copying the
// live file (with its -wal beside it) does not. The copy is then opened and checked.
//
//   npm run backup                     DATA_DIR (default ./data) → DATA_DIR/backups/porchlight-<time>.sqlite
//   npm run backup -- --json           the same, the result as one JSON object on stdout
//
// Restore: see docs/deploying.md ("Backup and restore").
import './lib/require-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const json = process.argv.includes('--json');
// Same default as src/lib/server/platform/config.ts; an empty value means unset there too.
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const source = path.join(dataDir, 'porchlight.sqlite');

function fail(message) {
  console.error(`backup: ${message}`);
  process.exit(1);
}

// With DATABASE_URL the tables live in PostgreSQL: its own tools back it up, not this copy of a file.
if (process.env.DATABASE_URL) fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (or your provider\'s backups); this command copies the SQLite file only');
if (!fs.existsSync(source)) fail(`no database at ${source} (set DATA_DIR to the server's data directory)`);

const stamp = new Date().toISOString().replaceAll(':', '-').replace('.', '-');
const target = path.join(dataDir, 'backups', `porchlight-${stamp}.sqlite`);
fs.mkdirSync(path.dirname(target), { recursive: true });

const started = performance.now();
const live = new SQLite(source, { fileMustExist: true });
live.pragma('busy_timeout = 5000');
try {
  await live.backup(target);
} catch (error) {
  fs.rmSync(target, { force: true });
  fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  live.close();
}
const ms = Math.round(performance.now() - started);

// The copy inherits WAL mode from the live file; make it one self-contained file (no -wal/-shm
// beside it), which is also what the restore steps expect. The server turns WAL back on at boot.
const writable = new SQLite(target, { fileMustExist: true });
writable.pragma('journal_mode = DELETE');
writable.close();

// Check the copy on its own: a backup nobody has opened is a hope, not a backup.
const copy = new SQLite(target, { readonly: true, fileMustExist: true });
const integrity = copy.pragma('integrity_check', { simple: true });
const tables = copy
  .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  .pluck()
  .all();
const counts = Object.fromEntries(
  tables.map((name) => [name, copy.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get()]),
);
copy.close();
const bytes = fs.statSync(target).size;

if (json) {
  console.log(JSON.stringify({ file: target, bytes, ms, integrity, counts }));
} else {
  console.log(`backup: ${target} (${(bytes / 1024).toFixed(0)} KB in ${ms} ms)`);
  console.log(`integrity_check: ${integrity}`);
  const width = Math.max(...tables.map((name) => name.length), 5);
  console.log(`${'table'.padEnd(width)}  rows`);
  for (const [name, count] of Object.entries(counts)) console.log(`${name.padEnd(width)}  ${count}`);
}
if (integrity !== 'ok') fail(`integrity_check of the copy failed: ${integrity}`);
