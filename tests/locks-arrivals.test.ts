import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import type { ArrivalView, ArrivalsView, StayLockCode } from '../src/lib/shared/schemas/arrivals.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ok } from './helpers/answer.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { signedInMember, type SignedInMember } from './helpers/members.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * Smart locks, slice 4 "Arrivals" (docs/decisions/030-smart-locks.md §13; docs/product/locks.md,
 * Arrivals) over real HTTP against the Seam stand-in, on SQLite or PostgreSQL: the coming week's
 * check-ins across the team's guidebooks with their door code states (set, lock offline, failed,
 * no lock), never a digit in the list; "Show code" to a member who may, recorded once a day;
 * "Try again" on a failed code makes the worker make a new one, once for a double click; "Type a
 * code" gives the guest the member's own; a Cleaner sees the states and no code; another team 404;
 * a Seam key refused is said on the list until Seam accepts it again.
 */
const ZONE = 'UTC';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seam: SeamStandIn;
let server: TestServer;
let db: Kysely<Database>;
let host: SignedInHost;
let cleaner: SignedInMember;
const guidebooks: Record<'sea' | 'garden' | 'cottage', Instruction> = {} as never;
const stays: Record<string, Stay> = {};
const guidebookOf = new Map<string, string>();

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url });
});
afterAll(async () => {
  await server?.stop();
  await seam?.close();
});
serverKyselyForTests(() => server, (handle) => (db = handle));

async function addStay(guidebook: Instruction, guestName: string, checkIn: number, nights = 2): Promise<Stay> {
  const json = { guestName, checkIn: instantToLocal(checkIn, ZONE), checkOut: instantToLocal(checkIn + nights * DAY, ZONE), allowOverlap: true };
  const stay = (await ok<{ stay: Stay }>(host.call(`/api/instruction/${guidebook._id}/stays`, { json }), 201)).stay;
  stays[guestName] = stay;
  guidebookOf.set(stay._id, guidebook._id);
  return stay;
}

const arrivals = (who: { call: SignedInHost['call'] } = host) => ok<ArrivalsView>(who.call('/api/team/arrivals?days=7'));
const arrivalOf = async (stay: Stay, who?: { call: SignedInHost['call'] }) => (await arrivals(who)).arrivals.find((arrival) => arrival.stayId === stay._id);
const stateOf = (stay: Stay) => until(() => arrivalOf(stay), (arrival) => arrival !== undefined, 'the arrival listed');
const codePath = (stay: Stay) => `/api/instruction/${guidebookOf.get(stay._id)}/stays/${stay._id}/lock-code`;
const creates = () => seam.requests.filter((request) => request.path === '/access_codes/create').length;
const seamDevice = (name: string) => String([...seam.devices.values()].find((device) => device.display_name === name)!.device_id);
const digitsOf = (stay: Stay) => [...seam.access.codes.values()].filter((code) => String(code.name).includes(stay.guestName.split(' ')[0]!)).map((code) => String(code.code));

describe('Arrivals', () => {
  beforeAll(async () => {
    host = await signedInHost(server, 'premium', { freshTeam: true });
    for (const [key, name] of [['sea', 'Sea View'], ['garden', 'Garden Flat'], ['cottage', 'Cottage']] as const) {
      guidebooks[key] = (await ok<{ instruction: Instruction }>(host.call('/api/instruction', { json: { nameInstruction: name, code: '913572', secretsPolicy: 'always', timeZone: ZONE } }), 201)).instruction;
    }
    const { attemptId } = await ok<{ attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    await ok(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
    const devices = (await ok<LocksView>(host.call('/api/team/locks'))).accounts[0]!.devices;
    // Front door opens Sea View; Back gate (offline, no backup pool) opens Garden Flat; the Cottage has no lock.
    for (const [name, guidebook] of [['Front door', guidebooks.sea], ['Back gate', guidebooks.garden]] as const) {
      await ok(host.call(`/api/team/locks/devices/${devices.find((device) => device.name === name)!.id}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
    }
    seam.access.behave(seamDevice('Back gate'), 'offline');
    cleaner = await signedInMember(server, host.teamId, 'cleaner', { guidebooks: [guidebooks.sea._id, guidebooks.garden._id], maySeeSecrets: true });
  });

  it('lists the coming week’s check-ins with their code states, problems first in their day, and never a digit', async () => {
    const soon = Date.now() + 4 * HOUR;
    const dana = await addStay(guidebooks.sea, 'Dana Scully', soon);
    const fox = await addStay(guidebooks.garden, 'Fox Mulder', soon + 60_000);
    const cottage = await addStay(guidebooks.cottage, 'Walter Skinner', Date.now() + 2 * DAY);
    const later = await addStay(guidebooks.sea, 'Monica Reyes', Date.now() + 9 * DAY);
    await until(() => arrivalOf(dana), (arrival) => arrival?.state === 'set', 'Dana’s code set on the lock');
    await until(() => arrivalOf(fox), (arrival) => arrival?.state === 'offline', 'Fox’s lock offline');
    const view = await arrivals();
    expect(view.included).toBe(true);
    const listed = view.arrivals.map((arrival) => arrival.stayId);
    expect(listed).not.toContain(later._id);
    expect(view.arrivals.find((arrival) => arrival.stayId === cottage._id)).toMatchObject({ state: 'none', lock: null, guidebookName: 'Cottage', hasCode: false });
    expect(view.arrivals.find((arrival) => arrival.stayId === dana._id)).toMatchObject({ state: 'set', lock: 'Front door', guestName: 'Dana Scully', hasCode: true, generation: 0 });
    // The same day: the offline lock's arrival floats above the one that is set, though it arrives later.
    if ((await stateOf(dana))!.day === (await stateOf(fox))!.day) expect(listed.indexOf(fox._id)).toBeLessThan(listed.indexOf(dana._id));
    const text = JSON.stringify(view);
    for (const digits of digitsOf(dana)) expect(text).not.toContain(digits);
    expect((await host.call('/api/team/arrivals?days=15')).status).toBe(400);
  });

  it('shows a code to a member who may, private and recorded once a day; never to a Cleaner', async () => {
    const dana = stays['Dana Scully']!;
    const response = await host.call(codePath(dana));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const shown = (await response.json()) as StayLockCode;
    expect(shown).toEqual({ code: expect.stringMatching(/^\d{6}$/), state: 'set' });
    expect(digitsOf(dana)).toContain(shown.code);
    await ok(host.call(codePath(dana)));
    const lines = await db.selectFrom('team_activity').select(['details']).where('action', '=', 'lock-code.viewed').where('subject_id', '=', dana._id).execute();
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain(shown.code!);
    expect((await arrivalOf(dana))?.viewed).toMatchObject({ at: expect.any(Number) });

    const seen = await arrivals(cleaner);
    expect(seen.arrivals.find((arrival) => arrival.stayId === dana._id)).toMatchObject({ state: 'set', hasCode: false, viewed: null });
    expect(seen.arrivals.some((arrival) => arrival.guidebookName === 'Cottage')).toBe(false);
    expect(JSON.stringify(seen)).not.toContain(shown.code!);
    for (const [path, init] of [[codePath(dana), {}], [`${codePath(dana)}/retry`, { method: 'POST', json: { generation: 0 } }], [`${codePath(dana)}/manual`, { method: 'PUT', json: { code: '4821' } }]] as const) {
      const refused = await cleaner.call(path, init);
      expect(refused.status, path).toBe(403);
      expect(await refused.text()).not.toContain(shown.code!);
    }
  });

  it('Try again on a failed code makes the worker make a new one, once for a double click', async () => {
    const fox = stays['Fox Mulder']!;
    await until(() => db.selectFrom('lock_codes').select('state').where('stay_id', '=', fox._id).executeTakeFirst(), (row) => row?.state === 'trouble', 'Fox’s code in trouble');
    // The deadline passes (as tests/locks-codes.test.ts forces it): no backup pool on Back gate, so the code fails.
    await db.updateTable('lock_codes').set({ deadline_at: Date.now() - 1, due_at: Date.now() }).where('stay_id', '=', fox._id).execute();
    const failed = (await until(() => arrivalOf(fox), (arrival) => arrival?.state === 'failed', 'Fox’s code failed'))!;
    const old = (await db.selectFrom('lock_codes').select('seam_access_code_id').where('stay_id', '=', fox._id).executeTakeFirstOrThrow()).seam_access_code_id!;
    seam.access.behave(seamDevice('Back gate'), 'native');
    const before = creates();
    const [first, second] = await Promise.all([0, 1].map(() => ok<{ message: string }>(host.call(`${codePath(fox)}/retry`, { method: 'POST', json: { generation: failed.generation } }))));
    expect([first!.message, second!.message].sort()).toEqual(['Already trying again: reload Arrivals to see how it goes.', 'Trying again: a new door code is being set on Back gate.']);
    await until(() => arrivalOf(fox), (arrival) => arrival?.state === 'set' && arrival.generation === failed.generation! + 1, 'Fox’s new code set');
    expect(creates() - before).toBe(1);
    expect(seam.access.codes.has(old)).toBe(false);
    const line = await db.selectFrom('team_activity').select('actor_user_id').where('action', '=', 'lock-code.retried').where('subject_id', '=', fox._id).execute();
    expect(line).toEqual([{ actor_user_id: host.id }]);
    expect((await host.call(`${codePath(fox)}/retry`, { method: 'POST', json: { generation: 'x' } })).status).toBe(400);
  });

  it('Type a code: the guest sees the member’s own code; only the Owner and Admins may', async () => {
    seam.access.behave(seamDevice('Back gate'), 'never');
    const gail = await addStay(guidebooks.garden, 'Gail Gilmore', Date.now() + 3 * HOUR);
    await until(() => db.selectFrom('lock_codes').select('state').where('stay_id', '=', gail._id).executeTakeFirst(), (row) => row?.state === 'trouble', 'Gail’s code in trouble');
    const editor = await signedInMember(server, host.teamId, 'editor', { guidebooks: [guidebooks.garden._id] });
    expect((await editor.call(`${codePath(gail)}/manual`, { method: 'PUT', json: { code: '4821' } })).status).toBe(403);
    expect((await host.call(`${codePath(gail)}/manual`, { method: 'PUT', json: { code: '48 21' } })).status).toBe(400);
    expect(await ok<{ message: string }>(host.call(`${codePath(gail)}/manual`, { method: 'PUT', json: { code: '482199' } }))).toEqual({ message: 'Gail now sees the code you typed.' });
    expect(await arrivalOf(gail)).toMatchObject({ state: 'manual', hasCode: true });
    const guest = (await (await fetch(`${server.url}/api/guest/${gail.token}/secrets`)).json()) as GuestSecrets;
    expect(guest.code).toBe('482199');
    expect((await host.call(`${codePath(gail)}/manual`, { method: 'PUT', json: { code: '111222' } })).status).toBe(409);
    expect((await ok<StayLockCode>(editor.call(codePath(gail)))).code).toBe('482199');
  });

  it('another team’s stay and code answer 404, and its Arrivals list none of ours', async () => {
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const dana = stays['Dana Scully']!;
    for (const [path, init] of [[codePath(dana), {}], [`${codePath(dana)}/retry`, { method: 'POST', json: { generation: 0 } }], [`${codePath(dana)}/manual`, { method: 'PUT', json: { code: '4821' } }]] as const) {
      expect((await other.call(path, init)).status, path).toBe(404);
    }
    const theirs = await arrivals(other);
    expect(theirs.arrivals.filter((arrival: ArrivalView) => Object.values(stays).some((stay) => stay._id === arrival.stayId))).toEqual([]);
  });

  it('says so on Arrivals and Smart locks while Seam refuses Porchlight’s key, and stops once Seam accepts it again', async () => {
    const key = seam.apiKey;
    expect((await arrivals()).keyRefused).toBe(false);
    seam.apiKey = 'seam_key_revoked';
    try {
      expect((await host.call('/api/team/locks/connect', { method: 'POST' })).status).toBe(502);
      expect((await arrivals()).keyRefused).toBe(true);
      expect((await arrivals(cleaner)).keyRefused).toBe(true);
      expect((await ok<LocksView>(host.call('/api/team/locks'))).keyRefused).toBe(true);
    } finally {
      seam.apiKey = key;
    }
    await ok(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    expect((await arrivals()).keyRefused).toBe(false);
  });
});
