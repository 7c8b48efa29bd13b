import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

/**
 * 0022-pms-connectors on a database at 0021 that holds a stay (docs/decisions/029-pms-connectors.md
 * §4): the stay keeps its row and takes each new column's default; `pms_integrations.system`
 * accepts only a known system, on insert and on update (a CHECK on PostgreSQL, two triggers on
 * SQLite); a guidebook is one property of one system; a reservation is one stay of its connection.
 * Run on SQLite and, on the PostgreSQL pass, on PostgreSQL: the SQL differs between the two.
 */
const at = (name: string) => migrations.findIndex((migration) => migration.name === name);
const before = migrations.slice(0, at('0022-pms-connectors'));
const ours = migrations[at('0022-pms-connectors')]!;

const SEED = [
  "INSERT INTO users (id, name, email, created_at, updated_at) VALUES ('u1', 'Ana', 'ana@example.com', 0, 0)",
  "INSERT INTO teams (id, name, created_at, updated_at) VALUES ('t1', 'Ana', 0, 0)",
  "INSERT INTO instructions (id, user_id, team_id, token, data, created_at, updated_at) VALUES ('g1', 'u1', 't1', 'token-g1', '{}', 0, 0)",
  "INSERT INTO instructions (id, user_id, team_id, token, data, created_at, updated_at) VALUES ('g2', 'u1', 't1', 'token-g2', '{}', 0, 0)",
  "INSERT INTO stays (id, instruction_id, user_id, team_id, token, guest_name, check_in, check_out, created_at, updated_at) VALUES ('s1', 'g1', 'u1', 't1', 'stay-1', 'Ben', 1, 2, 0, 0)",
];

const READ_STAY = 'SELECT id, guest_name, pms_integration_id, pms_reservation_id, pms_modified_at, guest_phone, guest_count, language_set_by_host, host_note, link_mailed_at, guest_data_erased_at FROM stays';
const STAY = { id: 's1', guest_name: 'Ben', pms_integration_id: null, pms_reservation_id: null, pms_modified_at: null, guest_phone: '', guest_count: null, language_set_by_host: 0, host_note: '', link_mailed_at: null, guest_data_erased_at: null };

const integration = (id: string, system: string, team = 't1') =>
  `INSERT INTO pms_integrations (id, team_id, system, account_ref, credentials_key_id, credentials_iv, credentials_ct, hook_id, created_at, updated_at) VALUES ('${id}', '${team}', '${system}', '1', 'k', 'iv', 'ct', 'hook-${id}', 0, 0)`;
const unit = (id: string, integrationId: string, external: string, guidebook: string) =>
  `INSERT INTO pms_units (id, integration_id, team_id, external_id, name, instruction_id, seen_at, created_at, updated_at) VALUES ('${id}', '${integrationId}', 't1', '${external}', 'Loft', '${guidebook}', 0, 0, 0)`;

/** The statements each database must refuse, after the good ones ran. */
const REFUSED = [
  integration('bad', 'lodgify'),
  "UPDATE pms_integrations SET system = 'lodgify' WHERE id = 'i1'",
  integration('i3', 'smoobu'),
  unit('u2', 'i2', '22', 'g1'),
  "UPDATE stays SET pms_integration_id = 'i1', pms_reservation_id = 'r1' WHERE id = 's2'",
  "UPDATE stays SET language_set_by_host = 2 WHERE id = 's1'",
];

const GOOD = [
  integration('i1', 'smoobu'),
  integration('i2', 'beds24'),
  unit('u1', 'i1', '21', 'g1'),
  "INSERT INTO stays (id, instruction_id, user_id, team_id, token, check_in, check_out, created_at, updated_at, pms_integration_id, pms_reservation_id) VALUES ('s2', 'g2', 'u1', 't1', 'stay-2', 3, 4, 0, 0, 'i2', 'r1')",
  "UPDATE stays SET pms_integration_id = 'i1', pms_reservation_id = 'r1' WHERE id = 's1'",
  "INSERT INTO calendar_tombstones (instruction_id, calendar_uid, until) VALUES ('g1', 'uid-1', 5)",
];

describe('migration 0022-pms-connectors', () => {
  it.skipIf(onPostgres)('SQLite: a stay at 0021 takes the defaults; systems, guidebooks and reservations are each held to one', () => {
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.pragma('foreign_keys = ON');
      for (const migration of before) sqlite.exec(migration.up);
      for (const statement of SEED) sqlite.exec(statement);
      sqlite.exec(ours.up);
      expect(sqlite.prepare(READ_STAY).all()).toEqual([STAY]);
      for (const statement of GOOD) sqlite.exec(statement);
      for (const statement of REFUSED) expect(() => sqlite.exec(statement), statement).toThrow();
      // Disconnecting (the row deleted) leaves the stay, without its connection.
      sqlite.exec("DELETE FROM pms_integrations WHERE id = 'i1'");
      expect(sqlite.prepare("SELECT pms_integration_id FROM stays WHERE id = 's1'").get()).toEqual({ pms_integration_id: null });
      expect(sqlite.prepare('SELECT count(*) AS n FROM pms_units').get()).toEqual({ n: 0 });
    } finally {
      sqlite.close();
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: a stay at 0021 takes the defaults; systems, guidebooks and reservations are each held to one', async () => {
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      for (const migration of before) await client.query(migration.upPostgres);
      for (const statement of SEED) await client.query(statement);
      await client.query(ours.upPostgres);
      expect((await client.query(READ_STAY)).rows).toEqual([STAY]);
      for (const statement of GOOD) await client.query(statement);
      for (const statement of REFUSED) await expect(client.query(statement), statement).rejects.toThrow();
      await client.query("DELETE FROM pms_integrations WHERE id = 'i1'");
      expect((await client.query("SELECT pms_integration_id FROM stays WHERE id = 's1'")).rows).toEqual([{ pms_integration_id: null }]);
      expect((await client.query('SELECT count(*)::int AS n FROM pms_units')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });
});
