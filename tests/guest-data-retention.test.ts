import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { ERASE_BATCH, eraseGuestData } from '../src/lib/server/stays/guest-data-retention.ts';
import { newStayRow } from '../src/lib/server/stays/stay-link.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import type { ActivityPage } from '../src/lib/shared/team-activity.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * Guest data retention (docs/decisions/029-pms-connectors.md §10, docs/security.md): the
 * "guest data retention" job erases the name, e-mail, phone and head count a booking system
 * brought, GUEST_DATA_DAYS (30 here) after check-out, and keeps the stay as history; stays added
 * by hand or from a feed keep theirs. The job's turn runs here with the clock given; what it did
 * is read back over real HTTP (the Stays view, the Activity list), on SQLite or PostgreSQL
 * (TEST_DATABASE_URL).
 */
const DAY = 86_400_000;
const DAYS = 30;
let server: TestServer;
let db: Kysely<Database>;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
});
afterAll(async () => {
  await server?.stop();
});
serverKyselyForTests(
  () => server,
  (handle) => (db = handle),
);

interface StayRow {
  id: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  guest_count: number | null;
  guest_data_erased_at: number | null;
  check_in: number;
  check_out: number;
  channel: string;
  token: string;
}

/** The instant `days` days before `now`. */
const daysAgo = (now: number, days: number) => now - days * DAY;

async function hostWithGuidebook(): Promise<{ h: SignedInHost; g: Instruction; integration: string }> {
  const h = await signedInHost(server, 'gold', { freshTeam: true });
  const created = await h.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone: 'UTC' } });
  expect(created.status, await created.clone().text()).toBe(201);
  const g = ((await created.json()) as { instruction: Instruction }).instruction;
  const integration = `integration-${h.teamId}`;
  const now = Date.now();
  run(
    server,
    "INSERT INTO pms_integrations (id, team_id, system, account_ref, credentials_key_id, credentials_iv, credentials_ct, hook_id, state, connected_by, created_at, updated_at) VALUES (?, ?, 'smoobu', '1001', '0123456789abcdef', 'aXY=', 'Y3Q=', ?, 'active', ?, ?, ?)",
    integration,
    h.teamId,
    `hook-${h.teamId}`.padEnd(24, '0').slice(0, 24),
    h.id,
    now,
    now,
  );
  return { h, g, integration };
}

let reservation = 0;

/** A stay checked out `daysPast` days before `now`: the booking system's (with its guest's details), a feed's, or the host's own. */
async function stayPast(owner: { h: SignedInHost; g: Instruction; integration: string }, now: number, daysPast: number, from: 'pms' | 'disconnected' | 'calendar' | 'manual'): Promise<StayRow> {
  reservation += 1;
  const row = newStayRow(
    {
      instruction_id: owner.g._id,
      user_id: owner.h.id,
      team_id: owner.h.teamId,
      guest_name: `Guest ${reservation}`,
      guest_email: `guest${reservation}@example.com`,
      language: 'de',
      check_in: daysAgo(now, daysPast + 3),
      check_out: daysAgo(now, daysPast),
      calendar_uid: from === 'calendar' ? `uid-${reservation}@airbnb.com` : null,
      channel: from === 'manual' ? 'direct' : 'airbnb',
      channel_set_by_host: 0,
    },
    now,
  );
  await db
    .insertInto('stays')
    .values({
      ...row,
      guest_phone: '+385 91 555 0101',
      guest_count: 2,
      ...(from === 'pms' ? { pms_integration_id: owner.integration, pms_reservation_id: String(reservation) } : {}),
      // A stay whose system was disconnected since keeps the reservation's id (pms/integrations.ts).
      ...(from === 'disconnected' ? { pms_reservation_id: String(reservation) } : {}),
    })
    .execute();
  return query<StayRow>(server, 'SELECT * FROM stays WHERE id = ?', row.id)[0]!;
}

const rowOf = (id: string) => query<StayRow>(server, 'SELECT * FROM stays WHERE id = ?', id)[0]!;

async function pastStays(h: SignedInHost, g: Instruction): Promise<Stay[]> {
  const response = await h.call(`/api/instruction/${g._id}/stays?group=past&limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as StaysPage).stays;
}

async function activity(h: SignedInHost): Promise<ActivityPage> {
  const response = await h.call('/api/team/activity');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ActivityPage;
}

describe('guest data retention', () => {
  it('erases a booking system’s guest 31 days past check-out, keeps one 29 days past, and never touches the host’s or a feed’s stays', async () => {
    const owner = await hostWithGuidebook();
    const now = Date.now();
    const due = await stayPast(owner, now, DAYS + 1, 'pms');
    const disconnected = await stayPast(owner, now, DAYS + 1, 'disconnected');
    const recent = await stayPast(owner, now, DAYS - 1, 'pms');
    const byHand = await stayPast(owner, now, DAYS + 200, 'manual');
    const fromFeed = await stayPast(owner, now, DAYS + 200, 'calendar');

    expect(await eraseGuestData(db, DAYS, now)).toBeGreaterThanOrEqual(1);

    // Erased: the guest's details, with when; the stay stays as history (dates, channel, link token).
    expect(rowOf(due.id)).toMatchObject({ guest_name: '', guest_email: '', guest_phone: '', guest_count: null, guest_data_erased_at: now, check_in: due.check_in, check_out: due.check_out, channel: 'airbnb', token: due.token });
    // A system disconnected since brought that guest too: erased all the same.
    expect(rowOf(disconnected.id)).toMatchObject({ guest_name: '', guest_email: '', guest_phone: '', guest_count: null, guest_data_erased_at: now });
    for (const kept of [recent, byHand, fromFeed]) {
      expect(rowOf(kept.id)).toMatchObject({ guest_name: kept.guest_name, guest_email: kept.guest_email, guest_phone: '+385 91 555 0101', guest_count: 2, guest_data_erased_at: null });
    }
    const shown = Object.fromEntries((await pastStays(owner.h, owner.g)).map((stay) => [stay._id, stay]));
    expect(shown[due.id]).toMatchObject({ guestName: '', guestEmail: '' });
    expect(shown[recent.id]).toMatchObject({ guestName: recent.guest_name, guestEmail: recent.guest_email });
    expect(shown[byHand.id]).toMatchObject({ guestName: byHand.guest_name });

    // One line for the team, by Porchlight; a second turn finds nothing and writes none.
    const lines = (await activity(owner.h)).items.filter((item) => item.action === 'stay.guest-data-erased');
    expect(lines.map((item) => [item.actor, item.details])).toEqual([['system', { stays: 2, days: DAYS }]]);
    await eraseGuestData(db, DAYS, now + 1000);
    expect(rowOf(due.id).guest_data_erased_at).toBe(now);
    expect((await activity(owner.h)).items.filter((item) => item.action === 'stay.guest-data-erased')).toHaveLength(1);

    // Two days on, the stay that was 29 days past is 31: erased too.
    await eraseGuestData(db, DAYS, now + 2 * DAY);
    expect(rowOf(recent.id)).toMatchObject({ guest_name: '', guest_phone: '', guest_count: null, guest_data_erased_at: now + 2 * DAY });
    expect(rowOf(byHand.id).guest_name).toBe(byHand.guest_name);
  });

  it(`erases a team's ${ERASE_BATCH * 2 + 1} due stays in steps of ${ERASE_BATCH}, with one line for the team`, async () => {
    const owner = await hostWithGuidebook();
    const now = Date.now();
    const rows = Array.from({ length: ERASE_BATCH * 2 + 1 }, (_, n) => {
      reservation += 1;
      return {
        ...newStayRow(
          {
            instruction_id: owner.g._id,
            user_id: owner.h.id,
            team_id: owner.h.teamId,
            guest_name: `Guest ${n}`,
            guest_email: '',
            language: '',
            check_in: daysAgo(now, 400 + n),
            check_out: daysAgo(now, 398 + n),
            calendar_uid: null,
            channel: 'airbnb',
            channel_set_by_host: 0,
          },
          now,
        ),
        pms_integration_id: owner.integration,
        pms_reservation_id: String(reservation),
      };
    });
    for (let at = 0; at < rows.length; at += 200) await db.insertInto('stays').values(rows.slice(at, at + 200)).execute();

    await eraseGuestData(db, DAYS, now);
    expect(Number(query<{ n: number | string }>(server, "SELECT COUNT(*) AS n FROM stays WHERE team_id = ? AND guest_name <> ''", owner.h.teamId)[0]!.n)).toBe(0);
    const lines = (await activity(owner.h)).items.filter((item) => item.action === 'stay.guest-data-erased');
    expect(lines.map((item) => item.details)).toEqual([{ stays: ERASE_BATCH * 2 + 1, days: DAYS }]);
  });

  it('deletes calendar tombstones whose time has passed and keeps the others', async () => {
    const owner = await hostWithGuidebook();
    const now = Date.now();
    run(server, 'INSERT INTO calendar_tombstones (instruction_id, calendar_uid, until) VALUES (?, ?, ?), (?, ?, ?)', owner.g._id, 'past@airbnb.com', now - 1, owner.g._id, 'ahead@airbnb.com', now + DAY);
    await eraseGuestData(db, DAYS, now);
    expect(query<{ calendar_uid: string }>(server, 'SELECT calendar_uid FROM calendar_tombstones WHERE instruction_id = ?', owner.g._id).map((row) => row.calendar_uid)).toEqual(['ahead@airbnb.com']);
  });
});
