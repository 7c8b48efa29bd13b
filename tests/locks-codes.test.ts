import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { requestFrom, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ok } from './helpers/answer.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { until } from './helpers/until.ts';

/**
 * Smart locks, slice 2 (docs/decisions/030-smart-locks.md §4 to §8; docs/product/locks.md) over real
 * HTTP against the Seam stand-in through Seam's real SDK client, on SQLite or PostgreSQL: a stay
 * made by hand gets a time-bound code on its guidebook's lock with the stay's window and name, a
 * move updates it, a deletion deletes it (one create, no second); the guest's secrets API gives the
 * stay's own code only once the lock has confirmed it and inside the window, never the guidebook's
 * fixed code (which the stay page no longer shows either); a lock that never confirms leaves the
 * guest "being set", then a backup code at the deadline, with the host's mail; and no code reaches
 * a log, a page or a mail.
 */
const ZONE = 'UTC';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIXED_CODE = '913572';

let seam: SeamStandIn;
let server: TestServer;
let smtp: TestSmtpServer;
let feed: CalendarStandIn;
let host: SignedInHost;
let db: Kysely<Database>;
let guidebook: Instruction;
let frontDoor: string;
/** Every code the stand-in gave out, for the searches of the last test. */
const issued = new Set<string>();

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  smtp = await startSmtpServer();
  feed = await startCalendarStandIn();
  server = await startServer({ ...feed.serverEnv, NODE_ENV: 'test', SMTP_URL: smtp.url, SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await seam?.close();
  await feed?.close();
});
serverKyselyForTests(() => server, (handle) => (db = handle));

const secrets = (stay: Stay) => fetch(`${server.url}/api/guest/${stay.token}/secrets`).then(async (response) => ({ status: response.status, body: (await response.json()) as GuestSecrets }));
const codesOf = (stay: Stay) => [...seam.access.codes.values()].filter((code) => String(code.common_code_key ?? '').startsWith('porchlight:') && code.name !== undefined && stay._id !== '');
const creates = () => seam.requests.filter((request) => request.path === '/access_codes/create').length;

async function addStay(guestName: string, checkIn: number, checkOut: number): Promise<Stay> {
  const answer = await ok<{ stay: Stay }>(host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName, checkIn: instantToLocal(checkIn, ZONE), checkOut: instantToLocal(checkOut, ZONE), allowOverlap: true } }), 201);
  return answer.stay;
}

async function codeRow(stay: Stay) {
  return db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay._id).where('state', 'not in', ['removed', 'left']).executeTakeFirst();
}

describe('door codes per stay', () => {
  beforeAll(async () => {
    host = await signedInHost(server, 'premium', { freshTeam: true });
    guidebook = (await ok<{ instruction: Instruction }>(host.call('/api/instruction', { json: { nameInstruction: 'Sea View', code: FIXED_CODE, secretsPolicy: 'always', timeZone: ZONE } }), 201)).instruction;
    const { attemptId } = await ok<{ attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    await ok(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
    const view = await ok<LocksView>(host.call('/api/team/locks'));
    frontDoor = view.accounts[0]!.devices.find((device) => device.name === 'Front door')!.id;
    await ok(host.call(`/api/team/locks/devices/${frontDoor}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
  });

  it('a stay made by hand gets its code on the lock, released to the guest once confirmed; a move updates it, a deletion deletes it', async () => {
    const checkIn = Date.now() + 3 * HOUR;
    const stay = await addStay('Dana Scully', checkIn, checkIn + 2 * DAY);
    const [code] = await until(() => codesOf(stay), (codes) => codes.length === 1, 'the code made at Seam');
    issued.add(String(code!.code));
    expect([code!.starts_at, code!.ends_at]).toEqual([new Date(checkIn - (checkIn % 60_000)).toISOString(), new Date(checkIn - (checkIn % 60_000) + 2 * DAY).toISOString()]);
    expect(code!.name).toMatch(/^Porchlight · Dana · \d+(–\d+ \w{3}| \w{3}–\d+ \w{3})$/);
    expect(code!.use_backup_access_code_pool).toBe(true);
    // Scheduled on the lock (native, inside 72 hours): confirmed, and the guest is in the window.
    const shown = await until(() => secrets(stay), (answer) => answer.body.code !== '', 'the code released');
    expect(shown.body.code).toBe(code!.code);
    expect(shown.body.code).not.toBe(FIXED_CODE);
    // The stay page never carries the fixed code, nor the stay's; the public link still gives the fixed one.
    const page = await (await fetch(`${server.url}/stay/${stay.token}`)).text();
    expect(page).not.toContain(FIXED_CODE);
    expect(page).not.toContain(String(code!.code));
    expect((await (await fetch(`${server.url}/api/guest/${guidebook.token}/secrets`)).json()) as GuestSecrets).toMatchObject({ code: FIXED_CODE });

    await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'PATCH', json: { checkOut: instantToLocal(checkIn + 3 * DAY, ZONE) } }));
    await until(() => codesOf(stay)[0]?.ends_at, (endsAt) => endsAt === new Date(checkIn - (checkIn % 60_000) + 3 * DAY).toISOString(), 'the code moved');
    expect(creates()).toBe(1);
    // Confirmed again on the lock: the same code, its new window.
    expect((await until(() => secrets(stay), (answer) => answer.body.code !== '', 'the moved code released')).body.code).toBe(code!.code);
    expect((await codeRow(stay))?.confirmed_until).toBe(checkIn - (checkIn % 60_000) + 3 * DAY);

    await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'DELETE' }));
    await until(() => codesOf(stay), (codes) => codes.length === 0, 'the code deleted at Seam');
    expect(creates()).toBe(1);
    await until(() => db.selectFrom('lock_codes').select(['state', 'stay_id']).where('seam_access_code_id', '=', String(code!.access_code_id)).executeTakeFirst(), (row) => row?.state === 'removed', 'the row removed');
  });

  it('outside the window the guest gets nothing; a code Seam accepted but the lock has not confirmed is never shown', async () => {
    const seamDevice = [...seam.devices.values()].find((device) => device.display_name === 'Front door')!;
    seam.access.behave(String(seamDevice.device_id), 'never');
    const early = await addStay('Early Bird', Date.now() + 3 * DAY, Date.now() + 5 * DAY);
    await until(() => codeRow(early), (row) => row?.state === 'trouble', 'the code in trouble');
    expect((await secrets(early)).status).toBe(403);
    const checkIn = Date.now() + 4 * HOUR;
    const stay = await addStay('Fox Mulder', checkIn, checkIn + DAY);
    await until(() => codeRow(stay), (row) => row?.state === 'trouble', 'the code in trouble');
    const waiting = await secrets(stay);
    expect(waiting.body.code).toBe('');
    expect(waiting.body.doorCode).toMatchObject({ state: 'waiting', message: expect.stringContaining('Your door code is being set on the lock. It appears here by') });
    for (const code of seam.access.codes.values()) issued.add(String(code.code));

    // The deadline passes: a backup code from the pool, and the host is mailed at once, without digits.
    await db.updateTable('lock_codes').set({ deadline_at: Date.now() - 1, due_at: Date.now() }).where('stay_id', '=', stay._id).execute();
    const backup = await until(() => secrets(stay), (answer) => answer.body.code !== '', 'the backup code released');
    const pulled = [...seam.access.codes.values()].find((code) => code.is_backup === true)!;
    issued.add(String(pulled.code));
    expect(backup.body.code).toBe(pulled.code);
    expect((await codeRow(stay))?.state).toBe('backup');
    const mail = await until(() => smtp.mails.find((received) => received.headers.subject?.includes('Door code for Fox')), Boolean, 'the host’s mail');
    expect(readableParts(mail!)).toContain('A backup code from the lock is in use');
    // The stay card's line: the backup in use, and the other stay still being set.
    const listed = await ok<{ stays: Stay[] }>(host.call(`/api/instruction/${guidebook._id}/stays?group=upcoming`));
    expect([stay, early].map((one) => listed.stays.find((row) => row._id === one._id)?.doorCode)).toEqual(['backup', 'setting']);
    seam.access.behave(String(seamDevice.device_id), 'native');
  });

  it('a code the lock does not take is made again by Porchlight an hour on, at most 3 times, and not when the deadline is within the hour', async () => {
    const seamDevice = String([...seam.devices.values()].find((device) => device.display_name === 'Front door')!.device_id);
    seam.access.behave(seamDevice, 'never');
    const checkIn = Date.now() + 2 * DAY;
    const stay = await addStay('Dale Cooper', checkIn, checkIn + DAY);
    const soon = await addStay('Audrey Horne', Date.now() + 80 * 60_000, checkIn);
    try {
      for (const one of [stay, soon]) await until(() => codeRow(one), (row) => row?.state === 'trouble', `${one.guestName}’s code in trouble`);
      // The worker's next look, an hour after the code was sent (its look at a code in trouble is hourly).
      const anHourOn = async (one: Stay) => {
        const row = (await codeRow(one))!;
        const at = Date.now();
        await db.updateTable('lock_codes').set({ last_attempt_at: at - HOUR - 1_000, due_at: at }).where('id', '=', row.id).execute();
        return { row, looked: () => until(() => codeRow(one), (now) => now!.due_at !== at, 'the worker’s look') };
      };
      for (let round = 1; round <= 3; round += 1) {
        const { row, looked } = await anHourOn(stay);
        const after = (await looked())!;
        expect(after).toMatchObject({ generation: row.generation + 1, recreations: round });
        const made = await until(() => codeRow(stay), (now) => now?.state === 'trouble' && now.seam_access_code_id !== null, 'the new code sent');
        expect(made!.seam_access_code_id).not.toBe(row.seam_access_code_id);
        expect(seam.access.codes.has(row.seam_access_code_id!)).toBe(false);
      }
      // A fourth hour, and the stay whose deadline is within the hour: left to the backup code and the host's mail.
      const last = await Promise.all([stay, soon].map(anHourOn));
      for (const { row, looked } of last) expect(await looked()).toMatchObject({ generation: row.generation, recreations: row.recreations, state: 'trouble' });
      const lines = await db.selectFrom('team_activity').select(['actor', 'details']).where('action', '=', 'lock-code.recreated').where('subject_id', '=', stay._id).execute();
      expect(lines).toHaveLength(3);
      expect(lines.map((line) => ({ actor: line.actor, ...(JSON.parse(line.details) as object) }))).toEqual(Array(3).fill(expect.objectContaining({ actor: 'system', source: 'seam', why: 'failing', guestName: 'Dale Cooper', lock: 'Front door' })));
      for (const code of seam.access.codes.values()) issued.add(String(code.code));
    } finally {
      seam.access.behave(seamDevice, 'native');
      for (const one of [stay, soon]) await ok(host.call(`/api/instruction/${guidebook._id}/stays/${one._id}`, { method: 'DELETE' }));
    }
    // Four of the lock worker's turns (10 s apart) at least.
  }, 180_000);

  it('a stay from the calendar gets its code; the feed moving it updates it, the feed dropping it deletes it', async () => {
    const start = Math.ceil((Date.now() + 5 * HOUR) / HOUR) * HOUR;
    const stamp = (instant: number) => `${new Date(instant).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    const serve = (end: number | null) => feed.serve('/sea-view.ics', { body: ics(end === null ? [] : [{ uid: 'airbnb-1@calendar.test', start: stamp(start), end: stamp(end), summary: 'Reserved' }]) });
    const sync = () => ok(host.call(`/api/instruction/${guidebook._id}/calendar`, { method: 'POST', json: {} }));
    serve(start + 2 * DAY);
    await ok(host.call(`/api/instruction/${guidebook._id}/calendar`, { method: 'PUT', json: { url: feed.url('/sea-view.ics') } }));
    const made = await until(() => [...seam.access.codes.values()].find((code) => code.starts_at === new Date(start).toISOString()), Boolean, 'the calendar stay’s code');
    issued.add(String(made!.code));
    expect([made!.ends_at, made!.name]).toEqual([new Date(start + 2 * DAY).toISOString(), expect.stringMatching(/^Porchlight · Guest · \d/)]);
    serve(start + 3 * DAY);
    await sync();
    await until(() => seam.access.codes.get(String(made!.access_code_id))?.ends_at, (endsAt) => endsAt === new Date(start + 3 * DAY).toISOString(), 'the code moved with the feed');
    serve(null);
    await sync();
    await until(() => seam.access.codes.has(String(made!.access_code_id)), (present) => !present, 'the code deleted with the booking');
  });

  it('a late check-out bought on the stay link moves the code’s end to the new time', async () => {
    const late = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'instant' };
    const current = await ok<Instruction>(host.call(`/api/instruction/${guidebook._id}`));
    await ok(host.call(`/api/instruction/${guidebook._id}`, { method: 'PUT', json: { ...current, extras: [late] } }));
    const checkIn = Date.now() + 6 * HOUR;
    // The late check-out is refused when another guest arrives that day, and earlier tests left
    // stays whose days follow the clock: leave on the first day after the second with no arrival.
    const arrivalDays = new Set((await db.selectFrom('stays').select('check_in').where('instruction_id', '=', guidebook._id).execute()).map((row) => Math.floor(row.check_in / DAY)));
    let leaveDay = Math.floor(checkIn / DAY) + 2;
    while (arrivalDays.has(leaveDay)) leaveDay += 1;
    const checkOut = leaveDay * DAY + 10 * HOUR;
    const stay = await addStay('Walter Skinner', checkIn, checkOut);
    const code = await until(() => codeRow(stay), (row) => row?.seam_access_code_id != null, 'the code made');
    const bought = await requestFrom(server, '127.0.3.1', `/api/guest/${stay.token}/extras/11`, {});
    expect(bought.status, bought.body).toBe(201);
    await until(() => seam.access.codes.get(code!.seam_access_code_id!)?.ends_at, (endsAt) => endsAt === new Date(checkOut + 4 * HOUR).toISOString(), 'the code’s end moved to 14:00');
    issued.add(String(seam.access.codes.get(code!.seam_access_code_id!)?.code));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('with two servers on one database, a code is made once', async () => {
    const b = await startServer({ ...feed.serverEnv, NODE_ENV: 'test', DATABASE_URL: server.databaseUrl!, SMTP_URL: smtp.url, SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, LOG_LEVEL: 'info' });
    try {
      const before = creates();
      const checkIn = Date.now() + 30 * HOUR;
      const stays = await Promise.all(['Ann', 'Bea', 'Cat', 'Dot'].map((name, index) => addStay(name, checkIn + index * 30 * HOUR, checkIn + index * 30 * HOUR + DAY)));
      const rows = await until(() => Promise.all(stays.map((stay) => codeRow(stay))), (all) => all.every((row) => row?.seam_access_code_id != null && (row.state === 'sent' || row.state === 'confirmed')), 'four codes made');
      for (const row of rows) issued.add(String([...seam.access.codes.values()].find((code) => code.access_code_id === row!.seam_access_code_id)?.code));
      expect(creates() - before).toBe(4);
      expect(new Set(rows.map((row) => row!.seam_access_code_id)).size).toBe(4);
    } finally {
      await b.stop();
    }
  });

  it('no code reaches the log, a mail or a stored row in the clear', async () => {
    expect(issued.size).toBeGreaterThanOrEqual(3);
    const everything = [server.logs.join('\n'), ...smtp.mails.map((mail) => readableParts(mail))].join('\n');
    for (const code of issued) expect(everything).not.toContain(code);
    const rows = await db.selectFrom('lock_codes').selectAll().execute();
    for (const code of issued) expect(JSON.stringify(rows)).not.toContain(code);
  });
});
