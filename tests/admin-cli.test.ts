import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

// The operator's command line run without the server's DATA_DIR: it must not make a database of
// its own (an empty SQLite file in which no host exists), it says where it looked instead.
const ADMIN = path.resolve('scripts/admin.mjs');

async function admin(cwd: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}) };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [ADMIN, ...args], { cwd, env: { ...base, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-admin-'));

describe('npm run admin without the server’s database', () => {
  it('without DATA_DIR, refuses and creates no ./data', async () => {
    const cwd = scratch();
    const result = await admin(cwd, {}, 'plan', 'set', 'host@example.com', 'premium');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`admin: no database at ${path.join(cwd, 'data', 'porchlight.sqlite')}; set DATA_DIR to the server's`);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('with a DATA_DIR that holds no database, refuses and creates neither file nor folder', async () => {
    const cwd = scratch();
    const missing = path.join(cwd, 'var', 'porchlight');
    const shown = await admin(cwd, { DATA_DIR: missing }, 'plan', 'show', 'host@example.com');
    expect(shown.code).toBe(1);
    expect(shown.stderr).toContain(`no database at ${path.join(missing, 'porchlight.sqlite')}; set DATA_DIR to the server's`);
    expect(fs.readdirSync(cwd)).toEqual([]);

    const empty = path.join(cwd, 'empty');
    fs.mkdirSync(empty);
    expect((await admin(cwd, { DATA_DIR: empty }, 'plan', 'set', 'host@example.com', 'gold')).code).toBe(1);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it.skipIf(!onPostgres)('with DATABASE_URL, the DATA_DIR file does not matter (PostgreSQL)', async () => {
    const cwd = scratch();
    const result = await admin(cwd, { DATABASE_URL: await createTestDatabase(), DATA_DIR: path.join(cwd, 'none') }, 'plan', 'show', 'nobody@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('no database at');
    expect(result.stderr).toContain('no user with the e-mail address nobody@example.com');
  });
});
