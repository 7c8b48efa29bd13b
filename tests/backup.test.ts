import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { openSqliteSync } from './helpers/sync-db.ts';
import { onPostgres } from './helpers/test-database.ts';

// docs/security.md 25: `npm run backup` uses db.backup() while the server runs; the copy passes
// integrity_check, its counts match the live database, and the restore steps of docs/deploying.md work.
const run = promisify(execFile);

interface BackupResult {
  file: string;
  integrity: string;
  counts: Record<string, number>;
}

async function backup(dataDir: string): Promise<BackupResult> {
  const { stdout } = await run(process.execPath, ['scripts/backup.mjs', '--json'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });
  return JSON.parse(stdout) as BackupResult;
}

function countRows(db: SQLite.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number]));
}

function addContactMessage(db: SQLite.Database, name: string): void {
  db.prepare(
    "INSERT INTO contact_messages (kind, user_id, name, email, message, ip, created_at) VALUES ('contact', NULL, ?, 'b@example.com', 'hi', NULL, ?)",
  ).run(name, Date.now());
}

// Each test runs a child process (the backup script) and the second restarts the server. SQLite
// only: on PostgreSQL backups are the operator's pg_dump / point-in-time recovery.
describe.skipIf(onPostgres)('npm run backup', () => {
  let server: TestServer;
  // Kept as a promise so that a test timing out mid-start still stops the server afterwards.
  let restarting: Promise<TestServer> | undefined;

  beforeAll(async () => {
    server = await startServer();
  });
  const openLive = () => openSqliteSync(path.join(server.dataDir, 'porchlight.sqlite'));
  afterAll(async () => {
    const restarted = await restarting?.catch(() => undefined);
    await restarted?.stop();
    await server?.stop();
  });

  it('copies the live database while the server runs; the copy is intact and complete', async () => {
    const live = openLive();
    for (let i = 0; i < 50; i++) addContactMessage(live, `before backup ${i}`);

    const result = await backup(server.dataDir);

    expect(result.file.startsWith(path.join(server.dataDir, 'backups', 'porchlight-'))).toBe(true);
    expect(result.integrity).toBe('ok');
    expect(fs.readdirSync(path.dirname(result.file))).toEqual([path.basename(result.file)]); // no -wal/-shm
    expect(result.counts).toEqual(countRows(live));
    expect(result.counts['contact_messages']).toBe(50);
    expect(result.counts['instructions']).toBeGreaterThanOrEqual(1); // the demo guidebook
    // The server is still serving from the live file.
    expect((await server.request('/healthz')).status).toBe(200);
    live.close();
  });

  it('restores per docs/deploying.md: stop, copy over, drop -wal/-shm, start', async () => {
    const result = await backup(server.dataDir);
    const live = openLive();
    addContactMessage(live, 'after backup');
    live.close();

    await server.stop();
    const file = path.join(server.dataDir, 'porchlight.sqlite');
    fs.copyFileSync(result.file, file);
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });

    restarting = startServer({ DATA_DIR: server.dataDir });
    const restarted = await restarting;
    expect((await restarted.request('/healthz')).status).toBe(200);
    const restored = new SQLite(file, { readonly: true });
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(countRows(restored)).toEqual(result.counts);
    expect(restored.prepare("SELECT count(*) FROM contact_messages WHERE name = 'after backup'").pluck().get()).toBe(0);
    restored.close();
  });
});
