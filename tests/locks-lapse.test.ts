import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { formatGuestDate } from '../src/lib/shared/guest-dates.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { setUserPlan, signedInHost, withCookie, type SignedInHost } from './helpers/auth.ts';
import { ok } from './helpers/answer.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { until } from './helpers/until.ts';

/**
 * Smart locks after a downgrade (docs/decisions/030-smart-locks.md §14) over real HTTP against the
 * Seam stand-in, on SQLite or PostgreSQL: a team whose plan no longer includes smart locks keeps
 * its accounts connected until 30 days after its last code ends, reads that date on Smart locks,
 * is mailed once a week before, and then has them disconnected at Seam by the daily pass, with an
 * activity line; a team back on Premium has its lapse forgotten; and Disconnect stays open to a
 * team on any plan. Days pass by moving the stored times back; a restart runs the daily pass.
 */
const ZONE = 'UTC';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIXED_CODE = '913572';

let seam: SeamStandIn;
let server: TestServer;
let smtp: TestSmtpServer;
let db: Kysely<Database>;
const serverEnv = () => ({ NODE_ENV: 'test', SMTP_URL: smtp.url, SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, LOG_LEVEL: 'info' });

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  smtp = await startSmtpServer();
  server = await startServer(serverEnv());
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await seam?.close();
});
serverKyselyForTests(() => server, (handle) => (db = handle));

/** The host's calls to the server running now: a restart moves it to another port, and the session stays. */
const callAs =
  (host: SignedInHost): SignedInHost['call'] =>
  (path, init = {}) =>
    server.request(path, { ...init, headers: withCookie(host.cookie, Object.fromEntries(new Headers(init.headers))) });
const locks = (host: SignedInHost) => ok<LocksView>(callAs(host)('/api/team/locks'));
const lapseMails = () => smtp.mails.filter((mail) => mail.subject.startsWith('Your lock accounts will be disconnected'));
const accountsOf = (host: SignedInHost) => db.selectFrom('lock_accounts').selectAll().where('team_id', '=', host.teamId).execute();
const accountDeletes = () => seam.requests.filter((request) => request.path === '/connected_accounts/delete').length;

/** A Premium host with a connected account whose front door opens a guidebook. */
async function hostWithLock(): Promise<{ host: SignedInHost; guidebook: Instruction }> {
  const host = await signedInHost(server, 'premium', { freshTeam: true });
  const guidebook = (await ok<{ instruction: Instruction }>(callAs(host)('/api/instruction', { json: { nameInstruction: 'Harbour Loft', code: FIXED_CODE, secretsPolicy: 'stay', timeZone: ZONE } }), 201)).instruction;
  const { attemptId } = await ok<{ attemptId: string }>(callAs(host)('/api/team/locks/connect', { method: 'POST' }), 201);
  await ok(callAs(host)(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
  const frontDoor = (await locks(host)).accounts[0]!.devices.find((device) => device.name === 'Front door')!.id;
  await ok(callAs(host)(`/api/team/locks/devices/${frontDoor}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
  return { host, guidebook };
}

/**
 * The next UTC day's daily pass: the day's claim let go, the server started again on the same
 * database, and what the pass's log line counts once it is done.
 */
async function dailyPass(): Promise<{ lapseMailed: number; lapseDisconnected: number }> {
  await db.deleteFrom('record_locks').where('key', 'like', 'lock-daily:%').execute();
  await server.stop();
  server = await startServer({ ...serverEnv(), DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) });
  const line = await until(() => server.logs.find((entry) => entry.includes('"locks: daily pass done"')), Boolean, 'the daily pass');
  const { lapseMailed, lapseDisconnected } = JSON.parse(line!) as { lapseMailed: number; lapseDisconnected: number };
  return { lapseMailed, lapseDisconnected };
}

describe('a plan without smart locks', () => {
  let lapsed: { host: SignedInHost; guidebook: Instruction };
  let back: SignedInHost;

  beforeAll(async () => {
    lapsed = await hostWithLock();
    back = (await hostWithLock()).host;
  });

  it('keeps the accounts until 30 days after the last code ends, and says so on Smart locks', async () => {
    const { host, guidebook } = lapsed;
    const checkIn = Date.now() + 3 * HOUR;
    const stay = (await ok<{ stay: Stay }>(callAs(host)(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Ada Lovelace', checkIn: instantToLocal(checkIn, ZONE), checkOut: instantToLocal(checkIn + 2 * DAY, ZONE) } }), 201)).stay;
    const code = await until(() => db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay._id).executeTakeFirst(), (row) => row?.seam_access_code_id != null, 'the code made');
    expect(await locks(host)).toMatchObject({ included: true, disconnectsAt: null });

    setUserPlan(server, host.id, 'gold');
    const view = await locks(host);
    expect(view).toMatchObject({ included: false, accounts: [{ label: 'August' }] });
    expect(view.disconnectsAt).toBe(code!.want_until! + 30 * DAY);
    // A stay added now gets no code of its own: its guest reads the guidebook's code, as before the lock, not "being set" for ever.
    const later = (await ok<{ stay: Stay }>(callAs(host)(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Grace Hopper', checkIn: instantToLocal(Date.now() + HOUR, ZONE), checkOut: instantToLocal(Date.now() + DAY, ZONE), allowOverlap: true } }), 201)).stay;
    const secrets = (await (await fetch(`${server.url}/api/guest/${later.token}/secrets`)).json()) as GuestSecrets;
    expect([secrets.code, secrets.doorCode]).toEqual([FIXED_CODE, undefined]);
    expect(await db.selectFrom('lock_codes').select('id').where('stay_id', '=', later._id).execute()).toEqual([]);
    // A team back on Premium with a lapse noted and mailed before: the pass forgets both.
    await db.updateTable('lock_accounts').set({ lapsed_at: Date.now() - 40 * DAY, lapse_mailed_at: Date.now() - 8 * DAY }).where('team_id', '=', back.teamId).execute();

    expect(await dailyPass()).toEqual({ lapseMailed: 0, lapseDisconnected: 0 });
    const [account] = await accountsOf(host);
    expect(account!.lapsed_at).toBeGreaterThan(Date.now() - HOUR);
    expect(account!.lapse_mailed_at).toBeNull();
    expect(await accountsOf(back)).toMatchObject([{ lapsed_at: null, lapse_mailed_at: null }]);
    expect((await locks(back)).disconnectsAt).toBeNull();
  });

  it('mails the team once a week before, then disconnects the accounts at Seam with an activity line', async () => {
    const { host, guidebook } = lapsed;
    // 40 days since the lapse, the stay and its code ended 25 days ago: the accounts go in 5 days, so the mail is due and names a week on.
    await db.updateTable('stays').set({ check_in: Date.now() - 27 * DAY, check_out: Date.now() - 25 * DAY }).where('instruction_id', '=', guidebook._id).execute();
    await db.updateTable('lock_codes').set({ want_from: Date.now() - 27 * DAY, want_until: Date.now() - 25 * DAY }).where('team_id', '=', host.teamId).execute();
    await db.updateTable('lock_accounts').set({ lapsed_at: Date.now() - 40 * DAY }).where('team_id', '=', host.teamId).execute();
    expect(await dailyPass()).toEqual({ lapseMailed: 1, lapseDisconnected: 0 });
    const [mail] = await until(lapseMails, (mails) => mails.length === 1, 'the week’s notice');
    const { disconnectsAt } = await locks(host);
    expect(disconnectsAt).toBeGreaterThanOrEqual(Date.now() + 6 * DAY);
    const on = formatGuestDate(disconnectsAt!, 'UTC', 'en');
    expect(mail!.subject).toBe(`Your lock accounts will be disconnected on ${on}`);
    expect(mail!.envelopeTo).toEqual([host.email]);
    expect(readableParts(mail!)).toContain('(August)');
    expect(readableParts(mail!)).toContain('/dashboard/locks');
    expect(await accountsOf(host)).toHaveLength(1);

    // 8 days on (every stored time 8 days back): the pass disconnects, and does not mail again.
    const deletesBefore = accountDeletes();
    await db.updateTable('lock_codes').set({ want_until: Date.now() - 33 * DAY }).where('team_id', '=', host.teamId).execute();
    await db.updateTable('lock_accounts').set({ lapsed_at: Date.now() - 48 * DAY, lapse_mailed_at: Date.now() - 8 * DAY }).where('team_id', '=', host.teamId).execute();
    expect(await dailyPass()).toEqual({ lapseMailed: 0, lapseDisconnected: 1 });
    expect(await accountsOf(host)).toEqual([]);
    expect(accountDeletes()).toBe(deletesBefore + 1);
    expect(lapseMails()).toHaveLength(1);
    const line = await db.selectFrom('team_activity').select(['actor', 'details']).where('team_id', '=', host.teamId).where('action', '=', 'lock-account.removed').execute();
    expect(line).toEqual([{ actor: 'system', details: JSON.stringify({ why: 'plan', account: 'August' }) }]);
    expect(await locks(host)).toMatchObject({ included: false, accounts: [], disconnectsAt: null });
    // The guidebook keeps no lock.
    expect(await db.selectFrom('lock_assignments').select('device_id').where('instruction_id', '=', guidebook._id).execute()).toEqual([]);
    // The team that went back to Premium was neither mailed nor disconnected.
    expect(await accountsOf(back)).toHaveLength(1);
  });

  it('leaves Disconnect open to a team on any plan', async () => {
    setUserPlan(server, back.id, 'free');
    const [account] = await accountsOf(back);
    const deletesBefore = accountDeletes();
    expect(await ok<{ message: string }>(callAs(back)(`/api/team/locks/accounts/${account!.id}`, { method: 'DELETE' }))).toEqual({ message: messages.locks.disconnected('August') });
    expect(accountDeletes()).toBe(deletesBefore + 1);
    expect(await accountsOf(back)).toEqual([]);
  });
});
