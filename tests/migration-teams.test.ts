import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { hashToken } from '../src/lib/server/http/session-token.ts';
import { LOCAL_COOKIE, query } from './helpers/auth.ts';
import { databaseAt } from './helpers/database-at.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import type { SyncDb } from './helpers/sync-db.ts';

/**
 * Migration 0018-teams on a database a host used before teams (docs/decisions/028-teams.md §4):
 * a database at 0017 with a host's guidebooks (one in the trash), revisions, stays by hand and from
 * a calendar, orders in every status, a public-link confirmation, a feedback, Auto-Fill, uploads,
 * a plan, a Stripe customer, a payout account and live sessions, written as that build wrote them;
 * then this build starts on it. Every row is what it was (the new `team_id` equal to its
 * `user_id`), every host owns a team of one with their id, and the links, pages, images, orders
 * and the old session cookie answer as before. On SQLite, and on PostgreSQL under TEST_DATABASE_URL.
 */
type Row = Record<string, unknown>;

const NOW = Date.now();
const DAY = 86_400_000;
const ANA = { id: 'host-ana', name: 'Ana Host', email: 'ana@example.com', created: NOW - 400 * DAY };
const BO = { id: 'host-bo', name: 'Bo Host', email: 'bo@example.com', created: NOW - 300 * DAY };
const PHOTO = 'u/host-ana/harbourPhoto000000001.webp';
const PICTURE = 'u/host-ana/anaPortrait0000000001.webp';
const BO_PHOTO = 'u/host-bo/boBarnPhoto0000000001.webp';
const GUIDEBOOK = { id: 'guidebook-harbour', token: 'harbourLoftToken00001' };
const TRASHED = { id: 'guidebook-barn', token: 'oldBarnToken000000002' };
const STAYS = { byHand: { id: 'stay-mia', token: 'miaStayToken000000000001' }, fromFeed: { id: 'stay-feed', token: 'feedStayToken00000000002' } };
const SESSIONS = { ana: 'anaSessionToken_0123456789abcdefghijklmnopq', bo: 'boSessionToken_0123456789abcdefghijklmnopqr' };
const STATUSES = ['requested', 'awaiting_payment', 'paid', 'approved', 'declined', 'refunded', 'cancelled'] as const;
/** Paid by card on Stripe (a PaymentIntent): the rest were settled on site or never paid. */
const PAID = new Set(['paid', 'refunded']);

let server: TestServer;
let before: Map<string, Row[]>;
let after: Map<string, Row[]>;
let photo: Buffer;

const call = (cookie: string) => (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(pathname, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), cookie: `${LOCAL_COOKIE}=${cookie}` } });

function insert(db: SyncDb, table: string, row: Row): void {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...Object.values(row));
}

/** The host's account as the build before teams wrote it, straight into the database at 0017. */
function seed(db: SyncDb): void {
  for (const user of [ANA, BO]) {
    insert(db, 'users', { id: user.id, name: user.name, email: user.email, password_hash: null, google_id: null, picture: user === ANA ? `/media/${PICTURE}` : '', email_verified_at: user.created, created_at: user.created, updated_at: user.created });
  }
  const content = (name: string, image: string) => JSON.stringify({ nameInstruction: name, photoGreating: `/media/${image}`, boxes: [{ id: 1, title: 'Find the blue door', paragraph: '<p>Third house on the left.</p>', imageUrl: `/media/${image}` }] });
  insert(db, 'instructions', { id: GUIDEBOOK.id, user_id: ANA.id, token: GUIDEBOOK.token, is_free: 0, version: 2, data: content('Harbour Loft', PHOTO), created_at: NOW - 30 * DAY, updated_at: NOW - DAY, deleted_at: null });
  insert(db, 'instructions', { id: TRASHED.id, user_id: ANA.id, token: TRASHED.token, is_free: 0, version: 1, data: content('Old Barn', PHOTO), created_at: NOW - 60 * DAY, updated_at: NOW - 5 * DAY, deleted_at: NOW - 5 * DAY });
  insert(db, 'instructions', { id: 'guidebook-bo', user_id: BO.id, token: 'boGuidebookToken00003', is_free: 1, version: 1, data: content('Bo Cabin', BO_PHOTO), created_at: NOW - 20 * DAY, updated_at: NOW - 20 * DAY, deleted_at: null });
  for (const version of [1, 2]) {
    insert(db, 'instruction_revisions', { id: `revision-${version}`, instruction_id: GUIDEBOOK.id, user_id: ANA.id, author_id: ANA.id, version, source: version === 1 ? 'created' : 'saved', batch_id: null, changes: '[]', data: content('Harbour Loft', PHOTO), created_at: NOW - (3 - version) * DAY });
  }
  insert(db, 'instruction_calendars', { instruction_id: GUIDEBOOK.id, user_id: ANA.id, url: 'https://calendar.example/harbour.ics', last_attempt_at: NOW - DAY, last_success_at: NOW - DAY, last_error: null, next_sync_at: NOW + DAY, created_at: NOW - 10 * DAY, updated_at: NOW - DAY });
  const stay = { instruction_id: GUIDEBOOK.id, user_id: ANA.id, language: '', first_revealed_at: null, last_revealed_at: null, reveal_count: 0, created_at: NOW - 2 * DAY, updated_at: NOW - 2 * DAY };
  insert(db, 'stays', { ...stay, id: STAYS.byHand.id, token: STAYS.byHand.token, guest_name: 'Mia', guest_email: 'mia@example.com', check_in: NOW + 10 * DAY, check_out: NOW + 12 * DAY, calendar_uid: null });
  insert(db, 'stays', { ...stay, id: STAYS.fromFeed.id, token: STAYS.fromFeed.token, guest_name: '', guest_email: '', check_in: NOW + 20 * DAY, check_out: NOW + 23 * DAY, calendar_uid: 'feed-uid-1' });
  for (const [n, status] of STATUSES.entries()) {
    insert(db, 'orders', {
      id: `order-${status}`, user_id: ANA.id, instruction_id: GUIDEBOOK.id, stay_id: n % 2 === 0 ? STAYS.byHand.id : null, extra_id: 1, kind: 'item', title: 'Breakfast basket', amount: 2500, currency: 'eur', quantity: 1, approval: 'host', status,
      guest_name: 'Mia', guest_email: 'mia@example.com', guest_note: '', moves_to: null, decision_token_hash: null, checkout_session_id: null, payment_intent_id: PAID.has(status) ? `pi_${status}` : null,
      created_at: NOW - (n + 1) * 3_600_000, updated_at: NOW - 3_600_000, decided_at: null,
    });
  }
  insert(db, 'order_confirmations', { id: 'confirmation-1', token_hash: hashToken('confirm-token'), user_id: ANA.id, instruction_id: GUIDEBOOK.id, extra_id: 1, quantity: 1, guest_name: 'Lea', guest_email: 'lea@example.com', guest_note: '', language: 'en', created_at: NOW - 3_600_000, expires_at: NOW + DAY, order_id: null, confirmed_at: null });
  insert(db, 'guest_feedback', { id: 'feedback-1', user_id: ANA.id, instruction_id: GUIDEBOOK.id, stay_id: STAYS.byHand.id, helpful: 1, comment: 'Lovely', language: 'en', created_at: NOW - 2 * DAY, digested_at: NOW - DAY, edit_token_hash: null });
  insert(db, 'guest_views', { instruction_id: GUIDEBOOK.id, language: 'en', day: new Date(NOW - DAY).toISOString().slice(0, 10), views: 7 });
  insert(db, 'user_settings', { user_id: ANA.id, data: JSON.stringify({ phone: '+385 91 555 0101' }), updated_at: NOW - 7 * DAY });
  for (const [key, owner] of [[PHOTO, ANA.id], [PICTURE, ANA.id], [BO_PHOTO, BO.id]] as const) insert(db, 'uploads', { key, user_id: owner, bytes: photo.byteLength, created_at: NOW - 30 * DAY });
  insert(db, 'subscriptions', { user_id: ANA.id, source: 'operator', plan: 'gold', status: 'active', updated_at: NOW - 9 * DAY });
  insert(db, 'billing_customers', { user_id: ANA.id, customer_id: 'cus_ana', open_checkout_session_id: null, created_at: NOW - 9 * DAY });
  insert(db, 'payout_accounts', { user_id: ANA.id, stripe_account_id: 'acct_ana', currency: 'eur', charges_enabled: 0, details_submitted: 0, payouts_enabled: 0, disabled_reason: null, updated_at: NOW - 8 * DAY });
  for (const [user, token] of [[ANA, SESSIONS.ana], [BO, SESSIONS.bo]] as const) insert(db, 'sessions', { id: hashToken(token), user_id: user.id, expires_at: NOW + 25 * DAY, created_at: NOW - 5 * DAY });
}

/** Every row of every table, by table, in one order whatever order the database answered in. */
function rowsOf(db: SyncDb, tables: readonly string[]): Map<string, Row[]> {
  const canonical = (row: Row) => JSON.stringify(Object.keys(row).sort().map((key) => [key, row[key]]));
  return new Map(tables.map((table) => [table, (db.prepare(`SELECT * FROM ${table}`).all() as Row[]).sort((a, b) => canonical(a).localeCompare(canonical(b)))]));
}

function tablesOf(db: SyncDb, dialect: 'sqlite' | 'postgres'): string[] {
  const sql = dialect === 'sqlite' ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'" : "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'";
  return (db.prepare(sql).all() as { name: string }[]).map((row) => row.name).filter((name) => name !== '_migrations');
}

/** Rows the demo seed adds at every start: not the host's. */
const ours = (row: Row) => ![row.id, row.user_id, row.team_id, row.instruction_id].some((value) => value === 'demo-host' || value === 'demo-instruction');

beforeAll(async () => {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } }).webp().toBuffer();
  const at = await databaseAt('0017-feedback-edit-token');
  seed(at.db);
  const dialect = at.databaseUrl ? 'postgres' : 'sqlite';
  before = rowsOf(at.db, tablesOf(at.db, dialect));
  at.db.close();
  for (const key of [PHOTO, PICTURE, BO_PHOTO]) {
    fs.mkdirSync(path.dirname(path.join(at.dataDir, 'uploads', key)), { recursive: true });
    fs.writeFileSync(path.join(at.dataDir, 'uploads', key), photo);
  }
  // This build on that database: it applies 0018 as it starts. Files on disk, whatever TEST_STORAGE says.
  server = await startServer({ DATA_DIR: at.dataDir, DATABASE_URL: at.databaseUrl, STORAGE_DRIVER: 'fs' });
  // Read before any page is asked for: a guest's view is counted into guest_views afterwards.
  const db = server.openDb();
  try {
    after = rowsOf(db, tablesOf(db, server.dialect));
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('migration 0018-teams on a host made before teams', () => {
  it('keeps every row: the owned tables gain team_id = user_id, the account tables are keyed by it, Auto-Fill moves to team_settings', () => {
    const ACCOUNT = new Set(['billing_customers', 'subscriptions', 'payout_accounts']);
    const GAINED = new Set(['instructions', 'instruction_revisions', 'stays', 'instruction_calendars', 'orders', 'order_confirmations', 'guest_feedback', 'uploads', 'sessions']);
    for (const [table, rows] of before) {
      const now = after.get(table === 'user_settings' ? 'team_settings' : table);
      expect(now, table).toBeDefined();
      const expected = rows.map((row) => {
        if (table === 'user_settings' || ACCOUNT.has(table)) {
          const { user_id: userId, ...rest } = row;
          return { team_id: userId, ...rest };
        }
        return GAINED.has(table) ? { ...row, team_id: row.user_id } : row;
      });
      // Each row as it was, with team_id; columns of later migrations (0019's stay channel) may sit beside.
      expect(now!.filter(ours), table).toEqual(expect.arrayContaining(expected.map((row) => expect.objectContaining(row))));
      expect(now!.filter(ours), table).toHaveLength(expected.length);
    }
    expect(after.has('user_settings')).toBe(false);
  });

  it('every host owns a team of one whose id, and whose owner membership id, is theirs; no grant yet', () => {
    expect(after.get('teams')!.filter(ours)).toEqual(
      expect.arrayContaining([ANA, BO].map((user) => ({ id: user.id, name: user.name, created_at: user.created, updated_at: user.created }))),
    );
    expect(after.get('teams')!.filter(ours)).toHaveLength(2);
    expect(after.get('memberships')!.filter(ours)).toEqual(
      expect.arrayContaining([ANA, BO].map((user) => ({ id: user.id, team_id: user.id, user_id: user.id, role: 'owner', may_see_secrets: 1, invited_by: null, created_at: user.created, updated_at: user.created }))),
    );
    expect(after.get('member_guidebooks')).toEqual([]);
  });

  it('the old session cookie is still signed in and acts for the team whose id is the host’s: the same plan, guidebooks, trash, stays, orders, settings and payouts', async () => {
    const ana = call(SESSIONS.ana);
    expect(await (await ana('/api/users/me')).json()).toMatchObject({ _id: ANA.id, email: ANA.email, plan: 'gold' });
    const list = (await (await ana('/api/instruction')).json()) as Instruction[];
    expect(list.map(({ _id, token, nameInstruction, photoGreating, version }) => ({ _id, token, nameInstruction, photoGreating, version }))).toEqual([
      { _id: GUIDEBOOK.id, token: GUIDEBOOK.token, nameInstruction: 'Harbour Loft', photoGreating: `/media/${PHOTO}`, version: 2 },
    ]);
    expect(((await (await ana('/api/instruction/trash')).json()) as { _id: string }[]).map((row) => row._id)).toEqual([TRASHED.id]);
    expect(((await (await ana(`/api/instruction/${GUIDEBOOK.id}/revisions`)).json()) as { revisions: { id: string }[] }).revisions.map((revision) => revision.id)).toEqual(['revision-2', 'revision-1']);
    const stays = (await (await ana(`/api/instruction/${GUIDEBOOK.id}/stays?group=upcoming`)).json()) as { stays: { _id: string; token: string; url: string }[]; calendar: { url: string } };
    expect(stays.stays.map(({ _id, token }) => ({ _id, token }))).toEqual([STAYS.byHand, STAYS.fromFeed].map(({ id, token }) => ({ _id: id, token })));
    expect(stays.stays[0]!.url).toMatch(new RegExp(`/stay/${STAYS.byHand.token}$`));
    expect(stays.calendar.url).toBe('https://calendar.example/harbour.ics');
    // Orders a guest never paid for (awaiting payment, or cancelled so) are not listed, as before.
    const orders = (await (await ana('/api/orders')).json()) as { orders: { id: string; status: string; guidebookName: string }[] };
    expect(orders.orders.map(({ id, status, guidebookName }) => ({ id, status, guidebookName })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      STATUSES.filter((status) => !(['awaiting_payment', 'cancelled'].includes(status) && !PAID.has(status)))
        .map((status) => ({ id: `order-${status}`, status, guidebookName: 'Harbour Loft' }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await (await ana('/api/settings')).json()).toMatchObject({ phone: '+385 91 555 0101' });
    expect(await (await ana('/api/payouts')).json()).toMatchObject({ currency: 'eur' });
    // The other host still sees none of it.
    const bo = call(SESSIONS.bo);
    expect((await bo(`/api/instruction/${GUIDEBOOK.id}`)).status).toBe(404);
    expect(((await (await bo('/api/instruction')).json()) as Instruction[]).map((row) => row._id)).toEqual(['guidebook-bo']);
  });

  it('the guest links, pages and images answer as before; the trashed guidebook’s link stays dead', async () => {
    const page = await server.request(`/instruction/${GUIDEBOOK.token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Harbour Loft');
    expect(html).toContain(`/media/${PHOTO}`);
    expect((await server.request(`/instruction/${TRASHED.token}`)).status).toBe(404);
    const stay = await server.request(`/stay/${STAYS.byHand.token}`);
    expect(stay.status).toBe(200);
    expect(await stay.text()).toContain('Harbour Loft');
    for (const key of [PHOTO, PICTURE]) {
      const image = await server.request(`/media/${key}`);
      expect(image.status, key).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(photo), key).toBe(true);
    }
  });

  it('what the host makes now lands in the same team and space: a guidebook with their picture as it is, an upload under their id', async () => {
    const ana = call(SESSIONS.ana);
    const made = await ana('/api/instruction', { json: { nameInstruction: 'Second Loft' } });
    expect(made.status).toBe(201);
    const { instruction } = (await made.json()) as { instruction: Instruction };
    expect(instruction.photoGreating).toBe(`/media/${PICTURE}`);
    expect(query(server, 'SELECT user_id, team_id FROM instructions WHERE id = ?', instruction._id)).toEqual([{ user_id: ANA.id, team_id: ANA.id }]);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/webp' }), 'p.webp');
    form.append('type', 'square');
    const upload = await ana('/api/upload', { method: 'POST', body: form });
    expect(upload.status).toBe(201);
    expect(((await upload.json()) as { image: string }).image).toMatch(/^\/media\/u\/host-ana\//);
  });
});
