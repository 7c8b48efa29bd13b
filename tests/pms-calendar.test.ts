import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { CalendarStatus, Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ics, startCalendarStandIn, type CalendarStandIn, type IcsEvent } from './helpers/calendar-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * One booking, one stay, from the calendar's side (docs/decisions/029-pms-connectors.md §7): a
 * feed's booking that a booking system already made a stay for gets its UID written on that
 * stay, not a second stay; the feed never moves, drops or re-channels a booking system's stay; two
 * candidates take none; a UID the system cancelled (its tombstone not expired) makes no stay. The
 * booking system's stays are seeded as its sync writes them (a stay with its `pms_*` columns and
 * the guest's details); the feed is real (tests/helpers/calendar-standin.ts), read over real HTTP
 * by the built server, on SQLite or PostgreSQL (TEST_DATABASE_URL).
 */
const DAY = 86_400_000;
/** "YYYYMMDD" (UTC) `days` from today. */
const ymd = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10).replaceAll('-', '');
/** "YYYY-MM-DD" `days` from today. */
const dashed = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface StayRow {
  id: string;
  token: string;
  calendar_uid: string | null;
  pms_reservation_id: string | null;
  guest_name: string;
  guest_phone: string;
  channel: string;
  check_in: number;
  check_out: number;
}

/** A server reading feeds from a stand-in that plays `host`, and the helpers of its tests. */
function feedServer(host: string) {
  const ctx = {} as { server: TestServer; feed: CalendarStandIn };
  let reservation = 0;

  beforeAll(async () => {
    ctx.feed = await startCalendarStandIn(host);
    ctx.server = await startServer(ctx.feed.serverEnv);
  });
  afterAll(async () => {
    await ctx.server?.stop();
    await ctx.feed?.close();
  });

  /** A host with a guidebook in UTC (15:00 check-in, 11:00 check-out) and a Smoobu connection. */
  async function guidebookWithPms(): Promise<{ h: SignedInHost; g: Instruction }> {
    const h = await signedInHost(ctx.server, 'gold', { freshTeam: true });
    const created = await h.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone: 'UTC' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const g = ((await created.json()) as { instruction: Instruction }).instruction;
    const now = Date.now();
    run(
      ctx.server,
      "INSERT INTO pms_integrations (id, team_id, system, account_ref, credentials_key_id, credentials_iv, credentials_ct, hook_id, state, connected_by, created_at, updated_at) VALUES (?, ?, 'smoobu', '1001', '0123456789abcdef', 'aXY=', 'Y3Q=', ?, 'active', ?, ?, ?)",
      `integration-${h.teamId}`,
      h.teamId,
      `hook-${h.teamId}`.padEnd(24, '0').slice(0, 24),
      h.id,
      now,
      now,
    );
    return { h, g };
  }

  /**
   * A stay the booking system made: the guest's details, the system's times (16:00 to 10:00, not
   * the feed's 15:00 to 11:00) and channel, its ids; a UID when it took over a feed's stay.
   */
  async function pmsStay(h: SignedInHost, g: Instruction, from: number, to: number, channel: string, uid: string | null = null): Promise<StayRow> {
    reservation += 1;
    const added = await h.call(`/api/instruction/${g._id}/stays`, { json: { guestName: `Guest ${reservation}`, checkIn: `${dashed(from)}T16:00`, checkOut: `${dashed(to)}T10:00`, allowOverlap: true } });
    expect(added.status, await added.clone().text()).toBe(201);
    const { stay } = (await added.json()) as { stay: Stay };
    run(
      ctx.server,
      "UPDATE stays SET pms_integration_id = ?, pms_reservation_id = ?, pms_modified_at = ?, guest_phone = '+385 91 555 0101', guest_count = 2, channel = ?, calendar_uid = ? WHERE id = ?",
      `integration-${h.teamId}`,
      String(reservation),
      Date.now(),
      channel,
      uid,
      stay._id,
    );
    return rowOf(stay._id);
  }

  const rowOf = (id: string) => query<StayRow>(ctx.server, 'SELECT * FROM stays WHERE id = ?', id)[0]!;
  const rowsOf = (g: Instruction) => query<StayRow>(ctx.server, 'SELECT * FROM stays WHERE instruction_id = ? ORDER BY check_in, id', g._id);

  /** Serves `events` and saves the feed (the first time) or syncs it now; answers the calendar's status. */
  async function syncFeed(h: SignedInHost, g: Instruction, events: IcsEvent[]): Promise<CalendarStatus> {
    const path = `/ical/${g._id}.ics`;
    ctx.feed.serve(path, { body: ics(events) });
    const saved = query<{ url: string }>(ctx.server, 'SELECT url FROM instruction_calendars WHERE instruction_id = ?', g._id).length > 0;
    const response = saved
      ? await h.call(`/api/instruction/${g._id}/calendar`, { method: 'POST', json: {} })
      : await h.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: ctx.feed.url(path) } });
    expect(response.status, await response.clone().text()).toBe(200);
    const { calendar } = (await response.json()) as { calendar: CalendarStatus };
    expect(calendar.lastError).toBeNull();
    return calendar;
  }

  async function listed(h: SignedInHost, g: Instruction): Promise<Stay[]> {
    const response = await h.call(`/api/instruction/${g._id}/stays?group=upcoming&limit=100`);
    expect(response.status).toBe(200);
    return ((await response.json()) as StaysPage).stays;
  }

  return { ctx, guidebookWithPms, pmsStay, rowOf, rowsOf, syncFeed, listed };
}

describe('an Airbnb feed beside a booking system', () => {
  const { ctx, guidebookWithPms, pmsStay, rowOf, rowsOf, syncFeed, listed } = feedServer('www.airbnb.test');

  it('writes a new UID on the booking system’s stay of the same booking, and makes no second stay', async () => {
    const { h, g } = await guidebookWithPms();
    const pms = await pmsStay(h, g, 5, 8, 'airbnb');
    const before = (await listed(h, g))[0]!;
    await syncFeed(h, g, [{ uid: 'lena@airbnb.com', start: ymd(5), end: ymd(8), summary: 'Reserved' }]);

    const rows = rowsOf(g);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: pms.id, token: pms.token, calendar_uid: 'lena@airbnb.com', pms_reservation_id: pms.pms_reservation_id, guest_name: pms.guest_name, check_in: pms.check_in, check_out: pms.check_out });
    // The guest's link is the one it was.
    const after = await listed(h, g);
    expect(after.map((stay) => [stay._id, stay.token, stay.checkIn, stay.checkOut])).toEqual([[before._id, before.token, `${dashed(5)}T16:00`, `${dashed(8)}T10:00`]]);
    expect((await ctx.server.request(`/stay/${pms.token}`)).status).toBe(200);

    // The next sync knows the UID: still one stay.
    await syncFeed(h, g, [{ uid: 'lena@airbnb.com', start: ymd(5), end: ymd(8), summary: 'Reserved' }]);
    expect(rowsOf(g).map((row) => row.id)).toEqual([pms.id]);
  });

  it('never moves, drops or re-channels a booking system’s stay that holds a UID', async () => {
    const { h, g } = await guidebookWithPms();
    const pms = await pmsStay(h, g, 10, 13, 'booking', 'held@airbnb.com');
    // The feed says other dates for the UID (and, being Airbnb's, another channel): the booking system is the truth.
    await syncFeed(h, g, [{ uid: 'held@airbnb.com', start: ymd(11), end: ymd(15), summary: 'Reserved' }]);
    expect(rowOf(pms.id)).toMatchObject({ check_in: pms.check_in, check_out: pms.check_out, channel: 'booking', calendar_uid: 'held@airbnb.com' });
    expect(rowsOf(g)).toHaveLength(1);

    // The feed forgets it, then lists it cancelled: the stay is the booking system's to end.
    await syncFeed(h, g, []);
    expect(rowOf(pms.id)).toMatchObject({ check_in: pms.check_in, check_out: pms.check_out, calendar_uid: 'held@airbnb.com' });
    await syncFeed(h, g, [{ uid: 'held@airbnb.com', start: ymd(10), end: ymd(13), summary: 'Reserved', status: 'CANCELLED' }]);
    expect(rowsOf(g).map((row) => row.id)).toEqual([pms.id]);
    expect((await ctx.server.request(`/stay/${pms.token}`)).status).toBe(200);
  });

  it('takes no stay when two of the booking system’s stays are the same booking, nor one of another channel', async () => {
    const { h, g } = await guidebookWithPms();
    const first = await pmsStay(h, g, 20, 23, 'airbnb');
    const second = await pmsStay(h, g, 20, 23, 'airbnb');
    const elsewhere = await pmsStay(h, g, 30, 32, 'booking');
    await syncFeed(h, g, [
      { uid: 'double@airbnb.com', start: ymd(20), end: ymd(23), summary: 'Reserved' },
      { uid: 'other-channel@airbnb.com', start: ymd(30), end: ymd(32), summary: 'Reserved' },
    ]);
    const rows = rowsOf(g);
    expect(rows).toHaveLength(5);
    for (const pms of [first, second, elsewhere]) expect(rowOf(pms.id).calendar_uid).toBeNull();
    const made = rows.filter((row) => row.pms_reservation_id === null);
    expect(made.map((row) => [row.calendar_uid, row.guest_name, row.channel])).toEqual([
      ['double@airbnb.com', '', 'airbnb'],
      ['other-channel@airbnb.com', '', 'airbnb'],
    ]);
  });

  it('waits for the stays lock a booking system’s write holds, then takes its stay (PostgreSQL; SQLite writes one at a time)', async () => {
    if (!ctx.server.databaseUrl) return;
    const { h, g } = await guidebookWithPms();
    await syncFeed(h, g, []);
    const handMade = await pmsStay(h, g, 14, 17, 'airbnb');
    run(ctx.server, 'UPDATE stays SET pms_integration_id = NULL, pms_reservation_id = NULL WHERE id = ?', handMade.id);
    // The booking system's side: under the guidebook's stays lock, its stay is written and not yet committed.
    const client = new pg.Client({ connectionString: ctx.server.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`stays:${g._id}`]);
      await client.query('UPDATE stays SET pms_integration_id = $1, pms_reservation_id = $2 WHERE id = $3', [`integration-${h.teamId}`, 'locked-1', handMade.id]);
      const synced = syncFeed(h, g, [{ uid: 'locked@airbnb.com', start: ymd(14), end: ymd(17), summary: 'Reserved' }]);
      await until(
        async () => (await client.query<{ waiting: number }>("SELECT COUNT(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0]!.waiting,
        (waiting) => waiting > 0,
        'the sync waiting for the stays lock',
      );
      await client.query('COMMIT');
      await synced;
    } finally {
      await client.end();
    }
    expect(rowsOf(g).map((row) => [row.id, row.calendar_uid, row.pms_reservation_id])).toEqual([[handMade.id, 'locked@airbnb.com', 'locked-1']]);
  });

  it('makes no stay for a UID the booking system cancelled until its tombstone expires', async () => {
    const { h, g } = await guidebookWithPms();
    const now = Date.now();
    run(ctx.server, 'INSERT INTO calendar_tombstones (instruction_id, calendar_uid, until) VALUES (?, ?, ?)', g._id, 'cancelled@airbnb.com', now + 8 * DAY);
    run(ctx.server, 'INSERT INTO calendar_tombstones (instruction_id, calendar_uid, until) VALUES (?, ?, ?)', g._id, 'expired@airbnb.com', now - DAY);
    await syncFeed(h, g, [
      { uid: 'cancelled@airbnb.com', start: ymd(5), end: ymd(8), summary: 'Reserved' },
      { uid: 'expired@airbnb.com', start: ymd(40), end: ymd(42), summary: 'Reserved' },
    ]);
    expect(rowsOf(g).map((row) => row.calendar_uid)).toEqual(['expired@airbnb.com']);
    // Another guidebook's tombstone of the same UID is not this one's.
    const other = await guidebookWithPms();
    await syncFeed(other.h, other.g, [{ uid: 'cancelled@airbnb.com', start: ymd(5), end: ymd(8), summary: 'Reserved' }]);
    expect(rowsOf(other.g).map((row) => row.calendar_uid)).toEqual(['cancelled@airbnb.com']);
  });
});

describe('a channel manager’s feed (channel `other`) beside a booking system', () => {
  const { guidebookWithPms, pmsStay, rowsOf, syncFeed } = feedServer('ical.channel-manager.test');

  it('takes the booking system’s stay of the same dates whatever its channel, and keeps its channel', async () => {
    const { h, g } = await guidebookWithPms();
    const pms = await pmsStay(h, g, 6, 9, 'vrbo');
    await syncFeed(h, g, [{ uid: 'res-77@channel-manager', start: ymd(6), end: ymd(9), summary: 'Booked' }]);
    expect(rowsOf(g).map((row) => [row.id, row.calendar_uid, row.channel])).toEqual([[pms.id, 'res-77@channel-manager', 'vrbo']]);
  });
});
