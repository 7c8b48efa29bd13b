import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.ts';
import { feedChannel } from '../src/lib/shared/channels.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

/**
 * 0019-stay-channels on a database that already holds stays (docs/decisions/028-teams.md §10): the
 * stays a calendar brought take the channel its stored link names, read in SQL with the patterns
 * `feedChannel` reads in the app; a stay made by hand is direct; one whose calendar is gone, other.
 * Run on SQLite and, on the PostgreSQL pass, on PostgreSQL: the SQL differs between the two.
 */
const at = (name: string) => migrations.findIndex((migration) => migration.name === name);
// Seeded as a build before teams wrote its rows (by user), then 0018-teams and this one run.
const before = migrations.slice(0, at('0018-teams'));
const upTo = migrations.slice(at('0018-teams'), at('0019-stay-channels') + 1);

const FEEDS: Array<[string, string | null]> = [
  ['g1', 'https://www.airbnb.co.uk/calendar/ical/1.ics?s=x'],
  ['g2', 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=1'],
  ['g3', 'https://www.homeaway.com/icalendar/x.ics'],
  ['g4', 'https://calendar.google.com/calendar/ical/airbnb.com/basic.ics'],
  ['g5', null],
];

const SEED = [
  "INSERT INTO users (id, name, email, created_at, updated_at) VALUES ('u1', 'Ana', 'ana@example.com', 0, 0)",
  ...FEEDS.flatMap(([id, url]) => [
    `INSERT INTO instructions (id, user_id, token, data, created_at, updated_at) VALUES ('${id}', 'u1', 'token-${id}', '{}', 0, 0)`,
    ...(url ? [`INSERT INTO instruction_calendars (instruction_id, user_id, url, next_sync_at, created_at, updated_at) VALUES ('${id}', 'u1', '${url}', 0, 0, 0)`] : []),
    `INSERT INTO stays (id, instruction_id, user_id, token, check_in, check_out, calendar_uid, created_at, updated_at) VALUES ('s-${id}', '${id}', 'u1', 'stay-${id}', 1, 2, 'uid-${id}', 0, 0)`,
  ]),
  "INSERT INTO stays (id, instruction_id, user_id, token, check_in, check_out, calendar_uid, created_at, updated_at) VALUES ('s-hand', 'g1', 'u1', 'stay-hand', 1, 2, NULL, 0, 0)",
];

const EXPECTED = [
  { id: 's-g1', channel: 'airbnb', channel_set_by_host: 0 },
  { id: 's-g2', channel: 'booking', channel_set_by_host: 0 },
  { id: 's-g3', channel: 'vrbo', channel_set_by_host: 0 },
  { id: 's-g4', channel: 'other', channel_set_by_host: 0 },
  { id: 's-g5', channel: 'other', channel_set_by_host: 0 },
  { id: 's-hand', channel: 'direct', channel_set_by_host: 0 },
];

const READ = 'SELECT id, channel, channel_set_by_host FROM stays ORDER BY id';

describe('migration 0019-stay-channels', () => {
  it('reads the same channel from each stored link as the app does', () => {
    expect(FEEDS.filter(([, url]) => url).map(([, url]) => feedChannel(url!))).toEqual(['airbnb', 'booking', 'vrbo', 'other']);
  });

  it.skipIf(onPostgres)('SQLite: fills the channel of the stays already there', () => {
    const sqlite = new SQLite(':memory:');
    try {
      for (const migration of before) sqlite.exec(migration.up);
      for (const statement of SEED) sqlite.exec(statement);
      for (const migration of upTo) sqlite.exec(migration.up);
      expect(sqlite.prepare(READ).all()).toEqual(EXPECTED);
      expect(() => sqlite.exec("UPDATE stays SET channel = 'expedia' WHERE id = 's-g1'")).toThrow(/CHECK/);
    } finally {
      sqlite.close();
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: fills the channel of the stays already there', async () => {
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      for (const migration of before) await client.query(migration.upPostgres);
      for (const statement of SEED) await client.query(statement);
      for (const migration of upTo) await client.query(migration.upPostgres);
      expect((await client.query(READ)).rows).toEqual(EXPECTED);
      await expect(client.query("UPDATE stays SET channel = 'expedia' WHERE id = 's-g1'")).rejects.toThrow(/check constraint/);
    } finally {
      await client.end();
    }
  });
});
