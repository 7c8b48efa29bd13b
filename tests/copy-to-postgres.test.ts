import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { postgresTypes } from '../src/lib/server/platform/db/open-postgres.ts';
import { createUser, login, run, setUserPlan, withCookie } from './helpers/auth.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-standin.ts';
import { freePort, startServer, type TestServer } from './helpers/server.ts';
import { openSqliteSync } from './helpers/sync-db.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';
import { until } from './helpers/until.ts';

/**
 * Moving house (docs/decisions/012): a SQLite server with hosts, guidebooks, uploaded images, a
 * plan, settings and a queued mail is copied by `npm run admin -- copy-to-postgres` into a fresh
 * PostgreSQL database and the S3 stand-in; every row and file arrives, and a server on the copy
 * answers the guest pages with the same bytes and ETags. Needs a cluster (TEST_DATABASE_URL).
 */
let s3: S3StandIn;
let sqliteServer: TestServer;
let databaseUrl: string;
let client: pg.Client;
/** SMTP on a closed port: the contact mail stays queued in the outbox. */
let smtpUrl: string;
const guests: { token: string; etag: string; html: Buffer }[] = [];
const images: string[] = [];

type Row = Record<string, unknown>;

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: sqliteServer.dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...s3.env(),
    ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/admin.mjs', 'copy-to-postgres', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const png = (background: string) => sharp({ create: { width: 320, height: 240, channels: 3, background } }).png().toBuffer();

/**
 * A host on the gold plan with settings, two uploaded images and two guidebooks using them; the
 * host's team has an id of its own (docs/decisions/028-teams.md §1) and a second member, an
 * editor granted the first guidebook (written as slice 2's helper will), so every table of teams
 * holds a row.
 */
async function seed(server: TestServer): Promise<void> {
  const user = await createUser(server, { freshTeam: true });
  setUserPlan(server, user.id, 'gold');
  const cookie = await login(server, user.email, user.password);
  const call = (pathname: string, init: RequestInit & { json?: unknown } = {}) => server.request(pathname, { ...init, headers: withCookie(cookie) });
  const settings = (await (await call('/api/settings')).json()) as Record<string, unknown>;
  const saved = await call('/api/settings', { method: 'PUT', json: { ...settings, textGreating: '<p>Welcome “home”, 🏠 é</p>', phone: '+385 91 555 0101', selectedHouseRules: [3, 1] } });
  expect(saved.status).toBe(200);
  for (const colour of ['#3a7bd5', '#e0a030']) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(colour))], { type: 'image/png' }), 'photo.png');
    form.append('type', 'square');
    const response = await server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie) });
    expect(response.status).toBe(201);
    images.push(((await response.json()) as { image: string }).image);
  }
  for (const [n, image] of images.entries()) {
    const body = { nameInstruction: `House ${n + 1}`, photoGreating: image, boxes: [{ id: 1735689600000 + n, title: 'Door', paragraph: '<p>Blue <strong>door</strong></p>', imageUrl: image }] };
    const response = await call('/api/instruction', { json: body });
    expect(response.status).toBe(201);
    const { instruction } = (await response.json()) as { instruction: Instruction };
    guests.push({ token: instruction.token, etag: '', html: Buffer.alloc(0) });
    // A stay whose channel the host chose (db/migrations/0019-stay-channels.ts): both columns travel.
    const stay = await call(`/api/instruction/${instruction._id}/stays`, { json: { checkIn: '2030-06-01', checkOut: '2030-06-04', channel: n === 0 ? 'airbnb' : 'direct' } });
    expect(stay.status, await stay.clone().text()).toBe(201);
  }
  const editor = await createUser(server);
  const first = (await (await call('/api/instruction')).json()) as Instruction[];
  const now = Date.now();
  run(server, "INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at) VALUES ('editor-membership', ?, ?, 'editor', 0, ?, ?, ?)", user.teamId, editor.id, user.id, now, now);
  run(server, "INSERT INTO member_guidebooks (membership_id, instruction_id) VALUES ('editor-membership', ?)", first.at(-1)!._id);
  // An open invitation with a guidebook (db/migrations/0020-team-invitations.ts): both tables travel.
  run(server, "INSERT INTO team_invitations (id, team_id, email, role, may_see_secrets, token_hash, invited_by, created_at, expires_at, sent_at) VALUES ('invitation', ?, 'ana@example.com', 'cleaner', 1, 'hash-of-a-token', ?, ?, ?, ?)", user.teamId, user.id, now, now + 7 * 86_400_000, now);
  run(server, "INSERT INTO invitation_guidebooks (invitation_id, instruction_id) VALUES ('invitation', ?)", first.at(-1)!._id);
  // A booking system's connection with a mapped property, a webhook's hint, a tombstone and a stay
  // it brought (db/migrations/0022-pms-connectors.ts): every new table and column travels.
  run(server, "INSERT INTO pms_integrations (id, team_id, system, account_ref, credentials_key_id, credentials_iv, credentials_ct, hook_id, state, connected_by, created_at, updated_at) VALUES ('integration', ?, 'smoobu', '1001', '0123456789abcdef', 'aXY=', 'Y3Q=', 'hook-0123456789abcdefghi', 'active', ?, ?, ?)", user.teamId, user.id, now, now);
  run(server, "INSERT INTO pms_units (id, integration_id, team_id, external_id, name, instruction_id, skipped, seen_at, created_at, updated_at) VALUES ('unit', 'integration', ?, '21', 'Harbour Loft', ?, 0, ?, ?, ?)", user.teamId, first.at(-1)!._id, now, now, now);
  run(server, "INSERT INTO pms_hook_inbox (integration_id, dedupe_key, reservation_ids, received_at, next_attempt_at) VALUES ('integration', 'dedupe', '7,8', ?, ?)", now, now);
  run(server, "INSERT INTO calendar_tombstones (instruction_id, calendar_uid, until) VALUES (?, 'uid-1@airbnb.com', ?)", first.at(-1)!._id, now + 86_400_000);
  run(server, "UPDATE stays SET pms_integration_id = 'integration', pms_reservation_id = '7', pms_modified_at = ?, guest_phone = '+385 91 555 0101', guest_count = 3, host_note = 'Late flight' WHERE channel = 'airbnb'", now);
  const contact = await server.request('/api/messaging/contact', { json: { name: 'Grace', email: 'grace@example.com', message: 'Do you take groups of twelve?' } });
  expect(contact.status).toBeLessThan(300);
}

/** The guest page as a guest gets it once its snapshot is stored, plain HTML. */
async function guestPage(server: TestServer, token: string): Promise<{ etag: string; html: Buffer; snapshot: string | null }> {
  const response = await server.request(`/instruction/${token}`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag') ?? '', html: Buffer.from(await response.arrayBuffer()), snapshot: response.headers.get('x-snapshot') };
}

function filesBelow(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** Rows in one order whatever order a database answered them in (rows compare whole). */
function sorted(rows: Row[]): Row[] {
  const canonical = (row: Row) => JSON.stringify(Object.keys(row).sort().map((key) => [key, row[key]]));
  return [...rows].sort((a, b) => (canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0));
}

/** Every row of every table of the SQLite file, by table (instructions with their rowid as `seq`). */
function sqliteRows(): Map<string, Row[]> {
  const db = openSqliteSync(path.join(sqliteServer.dataDir, 'porchlight.sqlite'));
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((row) => row.name);
    return new Map(tables.map((table) => [table, sorted(db.prepare(`SELECT ${table === 'instructions' ? 'rowid AS seq, ' : ''}* FROM ${table}`).all() as Row[])]));
  } finally {
    db.close();
  }
}

async function postgresRows(table: string): Promise<Row[]> {
  return sorted((await client.query<Row>(`SELECT * FROM ${table}`)).rows);
}

describe.skipIf(!onPostgres)('npm run admin -- copy-to-postgres', () => {
  let source: Map<string, Row[]>;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    // DATABASE_URL '' keeps this server on SQLite under TEST_DATABASE_URL, STORAGE_DRIVER fs on disk under TEST_STORAGE=s3.
    sqliteServer = await startServer({ NODE_ENV: 'test', DATABASE_URL: '', STORAGE_DRIVER: 'fs', SMTP_URL: smtpUrl });
    await seed(sqliteServer);
    for (const guest of guests) {
      await guestPage(sqliteServer, guest.token);
      Object.assign(guest, await guestPage(sqliteServer, guest.token));
      await until(() => ['br', 'gz', 'html'].every((encoding) => fs.existsSync(path.join(sqliteServer.dataDir, 'snapshots', guest.token, encoding))), Boolean, 'every encoding stored', 50);
    }
    await sqliteServer.stop();
    source = sqliteRows();
    databaseUrl = await createTestDatabase();
    client = new pg.Client({ connectionString: databaseUrl, types: postgresTypes });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await sqliteServer?.stop();
    await s3?.close();
  });

  it('copies every row, id, time and JSON text as they are, and every file into the bucket', async () => {
    const copied = await admin();
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(/instructions\s+3\s+3\s+ok/);
    expect(copied.stdout).toMatch(/uploads\s+2\s+2\s+ok/);

    for (const [table, rows] of source) {
      if (table === '_migrations') {
        expect((await postgresRows(table)).map((row) => row.name).sort()).toEqual(rows.map((row) => row.name).sort());
        continue;
      }
      expect(await postgresRows(table), table).toEqual(rows);
    }
    // The seed made something of each kind the move must carry.
    for (const table of ['users', 'teams', 'memberships', 'member_guidebooks', 'team_invitations', 'invitation_guidebooks', 'team_settings', 'instructions', 'subscriptions', 'uploads', 'outbox', 'sessions', 'contact_messages', 'stays', 'team_activity', 'pms_integrations', 'pms_units', 'pms_hook_inbox', 'calendar_tombstones']) expect(source.get(table)!.length, table).toBeGreaterThan(0);
    // The team's own id (not its owner's) arrives on every row that names it.
    const team = source.get('teams')!.find((row) => !source.get('users')!.some((user) => user.id === row.id))!;
    for (const table of ['instructions', 'subscriptions', 'team_settings', 'uploads', 'sessions', 'stays']) expect(await postgresRows(table), table).toEqual(expect.arrayContaining([expect.objectContaining({ team_id: team.id })]));
    expect(source.get('stays')!.map((stay) => [stay.channel, stay.channel_set_by_host]).sort()).toEqual([['airbnb', 1], ['direct', 1]]);
    expect(source.get('outbox')!.some((mail) => mail.status !== 'sent')).toBe(true);

    for (const store of ['uploads', 'snapshots']) {
      const files = filesBelow(path.join(sqliteServer.dataDir, store));
      expect(files.length, store).toBeGreaterThan(0);
      for (const file of files) expect(s3.objects.get(`${store}/${file}`), file).toEqual(fs.readFileSync(path.join(sqliteServer.dataDir, store, file)));
    }

    // New rows continue after the copied ids; a new guidebook sorts after the copied ones.
    const seq = await client.query<{ next: number }>("SELECT nextval(pg_get_serial_sequence('instructions', 'seq')) AS next");
    expect(seq.rows[0]!.next).toBeGreaterThan(Math.max(...source.get('instructions')!.map((row) => Number(row.seq))));
    const next = await client.query<{ id: number }>("INSERT INTO outbox (to_address, subject, text_body, next_attempt_at, created_at) VALUES ('x@example.com', 's', 't', 0, 0) RETURNING id");
    expect(next.rows[0]!.id).toBeGreaterThan(Math.max(...source.get('outbox')!.map((row) => Number(row.id))));
    await client.query('DELETE FROM outbox WHERE id = $1', [next.rows[0]!.id]);
    // The activity's ids too (db/migrations/0021-team-activity.ts): the seed's settings and stays wrote lines.
    const line = await client.query<{ id: number }>("INSERT INTO team_activity (team_id, actor, action, created_at) VALUES ($1, 'system', 'settings.saved', 0) RETURNING id", [team.id]);
    expect(line.rows[0]!.id).toBeGreaterThan(Math.max(...source.get('team_activity')!.map((row) => Number(row.id))));
    await client.query('DELETE FROM team_activity WHERE id = $1', [line.rows[0]!.id]);
    // And the webhook inbox's.
    const hint = await client.query<{ id: number }>("INSERT INTO pms_hook_inbox (integration_id, dedupe_key, reservation_ids, received_at, next_attempt_at) VALUES ('integration', 'another', '9', 0, 0) RETURNING id");
    expect(hint.rows[0]!.id).toBeGreaterThan(Math.max(...source.get('pms_hook_inbox')!.map((row) => Number(row.id))));
    await client.query('DELETE FROM pms_hook_inbox WHERE id = $1', [hint.rows[0]!.id]);
  });

  it('a server on PostgreSQL and the bucket answers the guest pages with the same bytes and ETags, images included', async () => {
    const server = await startServer({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, ...s3.env() });
    try {
      for (const guest of guests) {
        const page = await guestPage(server, guest.token);
        // From the copied snapshot (a render would answer `miss`), byte for byte.
        expect(page.snapshot).toBe('hit');
        expect(page.etag).toBe(guest.etag);
        expect(page.html.equals(guest.html)).toBe(true);
      }
      for (const image of images) {
        const response = await server.request(image);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(path.join(sqliteServer.dataDir, 'uploads', image.slice('/media/'.length))))).toBe(true);
      }
    } finally {
      await server.stop();
    }
  });

  it('refuses a target that holds rows without --force (exit code 2); with --force ends with the same rows and objects', async () => {
    const objects = s3.objects.size;
    const refused = await admin();
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already holds rows \(users: \d+.*\); run again with --force/);

    const again = await admin('--force');
    expect(again.code, again.stderr).toBe(0);
    for (const [table, rows] of source) if (table !== '_migrations') expect(await postgresRows(table), table).toEqual(rows);
    expect(s3.objects.size).toBe(objects);
  });
});
