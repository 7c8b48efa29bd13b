import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { ArrivalsView } from '../src/lib/shared/schemas/arrivals.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ok } from './helpers/answer.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { signedInMember } from './helpers/members.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * Smart locks, slice 5 (docs/decisions/030-smart-locks.md §9, As built; docs/product/locks.md) over
 * real HTTP against the Seam stand-in through Seam's real SDK client, on SQLite or PostgreSQL: a lock
 * that takes offline codes only (igloohome) can be assigned; its stays get offline codes on whole
 * hours of UTC (start down, end up; a daily-bound code beyond 28 days), confirmed once the code is
 * assigned, never updated nor deleted: a move makes a new code and leaves the old one running, a
 * deletion leaves it; the guest reads when the code works and, beyond 24 hours, when to use it first;
 * the stay card and the delete dialog say what keeps working. And "Door code" off for a stay (`host_off`):
 * the roles of "Try again", another team 404, the code removed and never made again by a marking.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seam: SeamStandIn;
let server: TestServer;
let host: SignedInHost;
let db: Kysely<Database>;
let guidebook: Instruction;
let deviceId: string;

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'ab'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await server?.stop();
  await seam?.close();
});
serverKyselyForTests(() => server, (handle) => (db = handle));

const secrets = (stay: Stay, language = 'en') => fetch(`${server.url}/api/guest/${stay.token}/secrets`, { headers: { 'accept-language': language } }).then(async (response) => (await response.json()) as GuestSecrets);
const seamCodes = () => [...seam.access.codes.values()].filter((code) => String(code.common_code_key ?? '').startsWith('porchlight:'));
const calls = (path: string) => seam.requests.filter((request) => request.path === path).length;
const rowsOf = (stay: Stay) => db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay._id).orderBy('created_at').execute();
const liveRow = async (stay: Stay) => (await rowsOf(stay)).find((row) => row.state !== 'removed' && row.state !== 'left');
const hourDown = (instant: number) => Math.floor(instant / HOUR) * HOUR;
const hourUp = (instant: number) => Math.ceil(instant / HOUR) * HOUR;
const iso = (instant: number) => new Date(instant).toISOString();

async function addStay(guestName: string, checkIn: number, checkOut: number, book = guidebook): Promise<Stay> {
  const json = { guestName, checkIn: instantToLocal(checkIn, 'UTC'), checkOut: instantToLocal(checkOut, 'UTC'), allowOverlap: true };
  return (await ok<{ stay: Stay }>(host.call(`/api/instruction/${book._id}/stays`, { json }), 201)).stay;
}

const cardOf = async (stay: Stay) => (await ok<{ stays: Stay[] }>(host.call(`/api/instruction/${guidebook._id}/stays?group=upcoming`))).stays.find((one) => one._id === stay._id);

describe('offline codes (igloohome)', () => {
  beforeAll(async () => {
    host = await signedInHost(server, 'premium', { freshTeam: true });
    guidebook = (await ok<{ instruction: Instruction }>(host.call('/api/instruction', { json: { nameInstruction: 'Garden Flat', code: '913572', secretsPolicy: 'stay', timeZone: 'UTC' } }), 201)).instruction;
    const { attemptId } = await ok<{ attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    await ok(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
    const front = [...seam.devices.values()].find((device) => device.display_name === 'Front door')!;
    seam.offlineCodesOnly(String(front.device_id));
    const view = await ok<LocksView>(host.call('/api/team/locks'));
    await ok(host.call(`/api/team/locks/accounts/${view.accounts[0]!.id}/refresh`, { method: 'POST' }));
    const device = (await ok<LocksView>(host.call('/api/team/locks'))).accounts[0]!.devices.find((one) => one.name === 'Front door')!;
    expect([device.onlineCodes, device.offlineCodes, device.backupPool]).toEqual([false, true, false]);
    deviceId = device.id;
    await ok(host.call(`/api/team/locks/devices/${deviceId}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
  });

  it('gives a stay a code on whole hours, shown once assigned with when it works and when to use it first', async () => {
    const checkIn = Date.now() + 3 * HOUR + 17 * 60_000;
    const checkOut = checkIn + 2 * DAY + 5 * 60_000;
    const stay = await addStay('Dana Scully', checkIn, checkOut);
    const [code] = await until(seamCodes, (codes) => codes.length === 1, 'the offline code made');
    expect(code).toMatchObject({ is_offline_access_code: true, max_time_rounding: '1h', starts_at: iso(hourDown(checkIn - (checkIn % 60_000))), ends_at: iso(hourUp(checkOut - (checkOut % 60_000))) });
    expect(code!.use_backup_access_code_pool).toBe(false);
    const shown = await until(() => secrets(stay), (body) => body.code !== '', 'the code released');
    expect(shown.code).toBe(code!.code);
    expect(shown.codeNote).toMatch(/^This code works from .+ to .+\. Use it for the first time before .+\.$/);
    expect((await secrets(stay, 'de')).codeNote).toMatch(/^Dieser Code gilt von .+ bis .+\. Verwenden Sie ihn zum ersten Mal vor .+\.$/);
    expect((await liveRow(stay))?.state).toBe('confirmed');
    const card = await cardOf(stay);
    expect(card?.doorCode).toBe('set');
    expect(card?.doorCodeNotes).toEqual([expect.stringMatching(/^Offline code: works .+ to .+, on whole hours; the guest must use it once before .+\.$/)]);
    expect(card?.doorCodeOnDelete).toMatch(/^Its door code is an offline code: it keeps working until /);
  });

  it('a stay of a day or less has no first-use rule', async () => {
    const checkIn = hourDown(Date.now()) + 5 * HOUR;
    const stay = await addStay('Short Stay', checkIn, checkIn + 20 * HOUR);
    const shown = await until(() => secrets(stay), (body) => body.code !== '', 'the short stay’s code');
    expect(shown.codeNote).toMatch(/^This code works from .+ to .+\.$/);
    expect(shown.codeNote).not.toContain('first time');
  });

  it('a move makes a new code and leaves the old one running; a deletion leaves the code, never asking Seam to update or delete', async () => {
    const checkIn = hourDown(Date.now()) + 6 * HOUR;
    const stay = await addStay('Fox Mulder', checkIn, checkIn + 2 * DAY);
    const first = await until(() => liveRow(stay), (row) => row?.state === 'confirmed', 'the first code confirmed');
    const [updates, deletes] = [calls('/access_codes/update'), calls('/access_codes/delete')];
    await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'PATCH', json: { checkOut: instantToLocal(checkIn + 3 * DAY, 'UTC'), allowOverlap: true } }));
    const rows = await until(() => rowsOf(stay), (all) => all.length === 2 && all[1]!.state === 'confirmed', 'a new code for the moved stay');
    expect(rows.map((row) => [row.id === first!.id, row.state])).toEqual([[true, 'left'], [false, 'confirmed']]);
    expect(seam.access.codes.get(rows[1]!.seam_access_code_id!)?.ends_at).toBe(iso(checkIn + 3 * DAY));
    expect(seam.access.codes.has(first!.seam_access_code_id!)).toBe(true);
    const card = await cardOf(stay);
    expect(card?.doorCodeNotes?.[1]).toMatch(/^The earlier code for .+ keeps working until .+: offline codes cannot be withdrawn from afar\./);

    await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'DELETE' }));
    await until(() => db.selectFrom('lock_codes').select('state').where('id', '=', rows[1]!.id).executeTakeFirst(), (row) => row?.state === 'left', 'the code left at the deletion');
    expect([calls('/access_codes/update') - updates, calls('/access_codes/delete') - deletes]).toEqual([0, 0]);
    expect(seam.access.codes.has(rows[1]!.seam_access_code_id!)).toBe(true);
  });

  it('a stay over 28 days gets a daily-bound code, its end at the start’s time of day', async () => {
    const checkIn = hourDown(Date.now()) + 4 * HOUR + 30 * 60_000;
    const stay = await addStay('Long Stay', checkIn, checkIn + 30 * DAY + 2 * HOUR);
    const row = await until(() => liveRow(stay), (one) => one?.seam_access_code_id != null, 'the long stay’s code');
    const code = seam.access.codes.get(row!.seam_access_code_id!)!;
    const start = hourDown(checkIn);
    expect(code).toMatchObject({ max_time_rounding: '1d', starts_at: iso(start), ends_at: iso(start + 31 * DAY) });
  });
});

describe('"Door code" off for a stay', () => {
  const enabled = (stay: Stay, on: boolean, who: { call: SignedInHost['call'] } = host, book = guidebook) => who.call(`/api/instruction/${book._id}/stays/${stay._id}/lock-code/enabled`, { method: 'PUT', json: { on } });

  it('removes the code, which no marking makes again, until it is turned on; Arrivals says so', async () => {
    const checkIn = hourDown(Date.now()) + 8 * HOUR;
    const stay = await addStay('Owner Stay', checkIn, checkIn + 2 * DAY);
    await until(() => liveRow(stay), (row) => row?.state === 'confirmed', 'the code confirmed');
    expect(await ok(enabled(stay, false), 200)).toEqual({ message: messages.locks.codeOff('Owner') });
    await until(() => liveRow(stay), (row) => row === undefined, 'the code gone from the live rows');
    expect((await rowsOf(stay)).map((row) => [row.state, row.host_off])).toEqual([['left', 1]]);
    expect(await secrets(stay)).toMatchObject({ code: '' });
    expect((await secrets(stay)).doorCode).toBeUndefined();
    expect((await cardOf(stay))?.doorCode).toBe('off');
    const arrivals = await ok<ArrivalsView>(host.call('/api/team/arrivals?days=7'));
    expect(arrivals.arrivals.find((arrival) => arrival.stayId === stay._id)?.state).toBe('off');

    // A move and the lock given again both mark the stay, as the daily pass does: no new code.
    const before = calls('/access_codes/create');
    await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'PATCH', json: { checkOut: instantToLocal(checkIn + 3 * DAY, 'UTC'), allowOverlap: true } }));
    await ok(host.call(`/api/team/locks/devices/${deviceId}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
    expect((await rowsOf(stay)).filter((row) => row.state !== 'left')).toEqual([]);
    expect(calls('/access_codes/create')).toBe(before);

    expect(await ok(enabled(stay, true), 200)).toEqual({ message: messages.locks.codeOn('Owner') });
    await until(() => liveRow(stay), (row) => row?.state === 'confirmed', 'a new code after turning it on');
    expect(calls('/access_codes/create')).toBe(before + 1);
    const actions = await db.selectFrom('team_activity').select('action').where('subject_id', '=', stay._id).where('action', 'like', 'lock-code.%').execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['lock-code.off', 'lock-code.on']);
  });

  it('is for the Owner, Admins and granted Editors; a Cleaner 403, another team 404, a bad body 400', async () => {
    const checkIn = hourDown(Date.now()) + 9 * HOUR;
    const stay = await addStay('Role Stay', checkIn, checkIn + DAY);
    const editor = await signedInMember(server, host.teamId, 'editor', { guidebooks: [guidebook._id] });
    const cleaner = await signedInMember(server, host.teamId, 'cleaner', { guidebooks: [guidebook._id], maySeeSecrets: true });
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    expect((await enabled(stay, false, cleaner)).status).toBe(403);
    expect((await enabled(stay, false, other)).status).toBe(404);
    expect(await ok(host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}/lock-code/enabled`, { method: 'PUT', json: { on: 'yes' } }), 400)).toEqual({ message: messages.locks.enabledInvalid });
    await ok(enabled(stay, false, editor));
    expect((await rowsOf(stay)).every((row) => row.host_off === 1 || row.state === 'removed')).toBe(true);
    // A guidebook without a lock: no door code to turn off.
    const plain = (await ok<{ instruction: Instruction }>(host.call('/api/instruction', { json: { nameInstruction: 'No Lock', timeZone: 'UTC' } }), 201)).instruction;
    const unlocked = await addStay('No Lock Guest', checkIn, checkIn + DAY, plain);
    expect(await ok(enabled(unlocked, false, host, plain), 404)).toEqual({ message: messages.locks.noCode });
  });
});
