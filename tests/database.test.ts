import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '@db/migrations/index.ts';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';
import { migratePostgres } from '../src/lib/server/platform/db/migrate-postgres.ts';
import { openDatabase } from '../src/lib/server/platform/db/open-database.ts';
import { openPostgres } from '../src/lib/server/platform/db/open-postgres.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { createTestDatabase, onPostgres, openTestDatabase } from './helpers/test-database.ts';

// SQLite by default, PostgreSQL with DATABASE_URL, one schema for both.

describe('DATABASE_URL and DATABASE_POOL_SIZE', () => {
  it('unset: the SQLite file under DATA_DIR', () => {
    const config = parseConfig({ DATA_DIR: '/srv/porchlight' });
    expect(config.database).toEqual({ dialect: 'sqlite', file: '/srv/porchlight/porchlight.sqlite' });
  });

  it.each(['postgres://app:secret@db.internal:5432/porchlight', 'postgresql://db.internal/porchlight'])('%s: PostgreSQL with a pool of 10', (url) => {
    expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url, poolSize: 10 });
  });

  it('DATABASE_POOL_SIZE sizes the pool', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/porchlight', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/porchlight'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'many'],
  ])('a bad %s (%s) stops the start naming it', (name, value) => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db/porchlight', [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db/porchlight', [name]: value })).toThrow(new RegExp(`^\\s*${name}: `, 'm'));
  });
});

describe.skipIf(!onPostgres)('PostgreSQL schema and migrations', () => {
  it('servers starting together apply each migration once, in order', async () => {
    const url = await createTestDatabase();
    const opened = await Promise.all([openPostgres(url, 2), openPostgres(url, 2), openPostgres(url, 2)]);
    try {
      const rows = await opened[0]!.db.selectFrom('_migrations').select(['name', 'applied_at']).orderBy('applied_at').orderBy('name').execute();
      expect(rows.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
      // int8 comes back as a number, as SQLite hands it over.
      expect(typeof rows[0]!.applied_at).toBe('number');
      expect(await migratePostgres(opened[1]!.pool)).toEqual([]);
    } finally {
      await Promise.all(opened.map(({ db }) => db.destroy()));
    }
  });

  it('has the same tables, columns and NOT NULLs as SQLite', async () => {
    const sqlite = openDatabase(':memory:');
    const postgres = await openTestDatabase();
    try {
      const fromSqlite = sqlite.sqlite
        .prepare(
          `SELECT m.name AS t, p.name AS c, p."notnull" OR p.pk AS required FROM sqlite_master m JOIN pragma_table_info(m.name) p
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
        )
        .all() as { t: string; c: string; required: number }[];
      const fromPostgres = postgres.sync
        .prepare(`SELECT table_name AS t, column_name AS c, is_nullable = 'NO' AS required FROM information_schema.columns WHERE table_schema = 'public'`)
        .all() as { t: string; c: string; required: boolean }[];
      const shape = (rows: { t: string; c: string; required: number | boolean }[]) =>
        rows.map((row) => `${row.t}.${row.c}${row.required ? ' NOT NULL' : ''}`).toSorted();
      // seq: PostgreSQL's stand-in for SQLite's rowid (src/lib/server/platform/db/dialect.ts).
      expect(shape(fromPostgres).filter((column) => column !== 'instructions.seq NOT NULL')).toEqual(shape(fromSqlite));
    } finally {
      await sqlite.db.destroy();
      await postgres.close();
    }
  });
});

describe('rate limits counted across two servers on one database', () => {
  let servers: TestServer[] = [];

  beforeAll(async () => {
    const first = await startServer();
    // The same DATA_DIR: the same SQLite file, or the same PostgreSQL database under test:pg.
    servers = [first, await startServer({ DATA_DIR: first.dataDir })];
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('12 contact messages at once from one address: exactly 5 are accepted (docs/security.md 9)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        servers[i % 2]!.request('/api/messaging/contact', { json: { name: 'Ada', email: 'ada@example.com', message: `Message number ${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
  });

  it('a NUL character in a JSON body is refused (400), never a database error (PostgreSQL text cannot hold it)', async () => {
    for (const body of [{ name: 'A\u0000da', email: 'nul@example.com', password: 'long enough password', captchaToken: '' }, { ['na\u0000me']: 'Ada' }]) {
      const answer = await servers[0]!.request('/api/users', { json: body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: 'The request body contains a NUL character.' });
    }
  });

  it('half a surrogate pair in a JSON body is refused (400): stored, it broke the Wi-Fi QR code and the guest page', async () => {
    // JSON spells it as an escape; a well-formed pair (an emoji) is welcome.
    for (const body of ['{"name":"A\\ud800da","email":"half@example.com","password":"long enough password"}', '{"\\udfffname":"Ada"}']) {
      const answer = await servers[0]!.request('/api/users', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(answer.status, body).toBe(400);
      expect(await answer.json()).toEqual({ message: 'The request body contains broken Unicode text (half of a surrogate pair).' });
    }
    const pair = await servers[0]!.request('/api/users', { json: { name: 'Ada 🌊', email: 'pair@example.com', password: 'long enough password', captchaToken: '' } });
    expect(pair.status).toBe(201);
  });
});
