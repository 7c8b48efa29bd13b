import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../src/lib/server/platform/db/open-database.ts';
import type { Config } from '../src/lib/server/platform/config.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

// The render worker opens the server's database read-only (docs/performance.md, "Fourth round"):
// it reads what the server committed, and a write from it fails instead of racing the server's.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-read-only-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const user = (id: string, email: string) => ({ id, email, name: 'Host', password_hash: null, google_id: null, picture: '', email_verified_at: null, created_at: 1, updated_at: 1 });

async function configured(): Promise<Config['database']> {
  return onPostgres ? { dialect: 'postgres', url: await createTestDatabase(), poolSize: 2 } : { dialect: 'sqlite', file: path.join(dataDir, 'porchlight.sqlite') };
}

describe('a database opened read-only', () => {
  it('reads what the writer committed, refuses every write, and runs no migration', async () => {
    const database = await configured();
    const writer = await openConfiguredDatabase(database);
    const reader = await openConfiguredDatabase(database, undefined, { readOnly: true });
    try {
      await writer.db.insertInto('users').values(user('u-1', 'host@example.com')).execute();
      expect(await reader.db.selectFrom('users').select('email').where('id', '=', 'u-1').executeTakeFirst()).toEqual({ email: 'host@example.com' });
      // The writer's transactions begin IMMEDIATE on SQLite; the reader's still read.
      expect(await reader.db.transaction().execute((trx) => trx.selectFrom('users').select('email').execute())).toEqual([{ email: 'host@example.com' }]);
      await expect(reader.db.insertInto('users').values(user('u-2', 'other@example.com')).execute()).rejects.toThrow(/read-only|readonly/i);
      await expect(reader.db.updateTable('users').set({ name: 'Changed' }).where('id', '=', 'u-1').execute()).rejects.toThrow(/read-only|readonly/i);
      expect(await writer.db.selectFrom('users').select(['id', 'name']).execute()).toEqual([{ id: 'u-1', name: 'Host' }]);
    } finally {
      await reader.db.destroy();
      await writer.db.destroy();
    }
  });

  it.skipIf(onPostgres)('does not create a SQLite file that is not there', async () => {
    await expect(openConfiguredDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'missing', 'porchlight.sqlite') }, undefined, { readOnly: true })).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, 'missing'))).toBe(false);
  });
});
