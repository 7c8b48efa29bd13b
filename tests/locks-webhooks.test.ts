import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { verifySvix } from '../src/lib/server/locks/svix-verify.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ok } from './helpers/answer.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { SEAM_WEBHOOK_TEST_SECRET, startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { svixSignature } from './helpers/seam/webhooks.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { until } from './helpers/until.ts';

/**
 * Smart locks, slice 3 (docs/decisions/030-smart-locks.md §8, §10, §3; docs/product/locks.md) over
 * real HTTP against the Seam stand-in, which signs its webhooks as Svix does, on SQLite or
 * PostgreSQL: a badly signed, unsigned or stale delivery is refused with nothing filed; a replay is
 * filed once; events out of order end in the state Seam reports; a webhook confirms a code without
 * waiting for the next look; a code deleted in the lock's own app is set again once with the digits
 * the guest saw, then left failed the second time, the host mailed each time; a lock going offline
 * is mailed once; and no digit reaches an inbox row, a log line or a mail.
 */
const ZONE = 'UTC';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seam: SeamStandIn;
let server: TestServer;
let smtp: TestSmtpServer;
let host: SignedInHost;
let db: Kysely<Database>;
let guidebook: Instruction;
let frontDoor: { id: string; seamId: string };
const issued = new Set<string>();
/** The log of the server before its restart (the daily pass's test). */
const earlierLogs: string[] = [];
const serverEnv = () => ({ NODE_ENV: 'test', SMTP_URL: smtp.url, SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, SEAM_WEBHOOK_SECRET: SEAM_WEBHOOK_TEST_SECRET, LOG_LEVEL: 'info' });

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  smtp = await startSmtpServer();
  server = await startServer(serverEnv());
  seam.hooks.url = `${server.url}/api/locks/webhook`;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await seam?.close();
});
serverKyselyForTests(() => server, (handle) => (db = handle));

const secrets = (stay: Stay) => fetch(`${server.url}/api/guest/${stay.token}/secrets`).then(async (response) => (await response.json()) as GuestSecrets);
const creates = () => seam.requests.filter((request) => request.path === '/access_codes/create').length;
const inbox = () => db.selectFrom('lock_webhook_inbox').selectAll().execute();
const mailsAbout = (subject: string) => smtp.mails.filter((mail) => mail.headers.subject?.includes(subject));

async function addStay(guestName: string, checkIn: number, checkOut: number): Promise<Stay> {
  return (await ok<{ stay: Stay }>(host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName, checkIn: instantToLocal(checkIn, ZONE), checkOut: instantToLocal(checkOut, ZONE), allowOverlap: true } }), 201)).stay;
}
const codeRow = (stay: Stay) => db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay._id).where('state', 'not in', ['removed', 'left']).executeTakeFirst();

describe('the Svix verifier', () => {
  it('agrees with Svix’s published example, and refuses any change', () => {
    // Svix's own example (its docs' secret, message id, timestamp, body and signature).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const headers = { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: '1614265330', signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
    const body = Buffer.from('{"test": 2432232314}');
    const at = 1614265330 * 1000;
    expect(verifySvix(secret, headers, body, at)).toBe(true);
    expect(svixSignature(secret, headers.id, 1614265330, body.toString())).toBe(headers.signature);
    expect(verifySvix(secret, { ...headers, signature: `v1,${'A'.repeat(43)}= ${headers.signature}` }, body, at)).toBe(true);
    expect(verifySvix(secret, headers, Buffer.from('{"test": 2432232315}'), at)).toBe(false);
    expect(verifySvix(SEAM_WEBHOOK_TEST_SECRET, headers, body, at)).toBe(false);
    expect(verifySvix(secret, { ...headers, id: 'msg_other' }, body, at)).toBe(false);
    expect(verifySvix(secret, { ...headers, signature: headers.signature.replace('v1', 'v2') }, body, at)).toBe(false);
    expect(verifySvix(secret, headers, body, at + 5 * 60_000 + 1_000)).toBe(false);
    expect(verifySvix(secret, headers, body, at - 5 * 60_000 - 1_000)).toBe(false);
  });
});

describe('Seam’s webhooks', () => {
  beforeAll(async () => {
    host = await signedInHost(server, 'premium', { freshTeam: true });
    guidebook = (await ok<{ instruction: Instruction }>(host.call('/api/instruction', { json: { nameInstruction: 'Sea View', code: '913572', secretsPolicy: 'always', timeZone: ZONE } }), 201)).instruction;
    const { attemptId } = await ok<{ attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    await ok(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
    const view = await ok<LocksView>(host.call('/api/team/locks'));
    const id = view.accounts[0]!.devices.find((device) => device.name === 'Front door')!.id;
    const row = await db.selectFrom('lock_devices').select('seam_device_id').where('id', '=', id).executeTakeFirstOrThrow();
    frontDoor = { id, seamId: row.seam_device_id };
    await ok(host.call(`/api/team/locks/devices/${id}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
  });

  it('a badly signed, unsigned or stale delivery is refused with 401 and nothing filed; a good one once, replays too', async () => {
    const before = (await inbox()).length;
    const delivery = seam.hooks.make('device.connected', { device_id: frontDoor.seamId });
    const now = Math.floor(Date.now() / 1000);
    const refused: Array<Record<string, string>> = [
      { 'svix-id': delivery.svixId, 'svix-timestamp': String(now), 'svix-signature': svixSignature(`whsec_${Buffer.from('not-the-secret-of-this-server!!').toString('base64')}`, delivery.svixId, now, delivery.body) },
      { 'svix-id': delivery.svixId, 'svix-timestamp': String(now - 600), 'svix-signature': svixSignature(SEAM_WEBHOOK_TEST_SECRET, delivery.svixId, now - 600, delivery.body) },
      { 'svix-id': delivery.svixId, 'svix-timestamp': String(now) },
      {},
    ];
    for (const headers of refused) {
      const response = await seam.hooks.post(delivery.body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await inbox()).length).toBe(before);
    // Signed over other bytes: the body changed on the way.
    const signed = { 'svix-id': delivery.svixId, 'svix-timestamp': String(now), 'svix-signature': svixSignature(SEAM_WEBHOOK_TEST_SECRET, delivery.svixId, now, delivery.body) };
    expect((await seam.hooks.post(delivery.body.replace('device.connected', 'device.disconnected'), signed)).status).toBe(401);

    const first = await seam.hooks.post(delivery.body, signed);
    expect([first.status, await first.json()]).toEqual([200, {}]);
    expect((await seam.hooks.resend(delivery)).status).toBe(200);
    expect((await seam.hooks.resend(delivery)).status).toBe(200);
    const filed = (await inbox()).filter((row) => row.svix_id === delivery.svixId);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ event_type: 'device.connected', subject: 'device', subject_id: frontDoor.seamId });
    await until(() => db.selectFrom('lock_webhook_inbox').select('processed_at').where('svix_id', '=', delivery.svixId).executeTakeFirst(), (row) => row?.processed_at != null, 'the hint worked');
  });

  it('an event about a subject we do not hold is filed and dropped, with no read at Seam', async () => {
    const reads = () => seam.requests.filter((request) => request.path === '/access_codes/get').length;
    const before = reads();
    const sent = await seam.hooks.send('access_code.set_on_device', { access_code_id: 'not-ours-0001', device_id: 'not-ours-device' }, { code: '73194650' });
    expect(sent.status).toBe(200);
    await until(() => db.selectFrom('lock_webhook_inbox').select('processed_at').where('svix_id', '=', sent.svixId).executeTakeFirst(), (row) => row?.processed_at != null, 'the hint dropped');
    expect(reads()).toBe(before);
  });

  it('a webhook confirms a code at once, whatever the order its events arrive in', async () => {
    seam.access.behave(frontDoor.seamId, 'delayed', 1_500);
    const checkIn = Date.now() + 3 * HOUR;
    const stay = await addStay('Dana Scully', checkIn, checkIn + 2 * DAY);
    const row = await until(() => codeRow(stay), (found) => found?.state === 'sent', 'the code sent, the lock slow');
    const ids = { access_code_id: row!.seam_access_code_id!, device_id: frontDoor.seamId };
    const code = String(seam.access.codes.get(row!.seam_access_code_id!)!.code);
    issued.add(code);
    // Seam's events as they happened (delayed, then scheduled), delivered the other way round.
    const delayed = seam.hooks.make('access_code.delay_in_setting_on_device', ids);
    const scheduled = seam.hooks.make('access_code.scheduled_on_device', ids, { code });
    await until(() => Date.now(), (now) => now > Number(seam.access.codes.get(ids.access_code_id)!.created_ms) + 1_500, 'the lock has the code');
    expect((await seam.hooks.resend(scheduled)).status).toBe(200);
    expect((await seam.hooks.resend(delayed)).status).toBe(200);
    // The worker's own next look is 2 minutes after the create: the webhook's re-read confirmed it.
    await until(() => codeRow(stay), (found) => found?.state === 'confirmed', 'confirmed by the webhook');
    expect((await until(() => secrets(stay), (answer) => answer.code !== '', 'the code released')).code).toBe(code);
    seam.access.behave(frontDoor.seamId, 'native');
  });

  it('a code deleted in the lock’s app is set again once with the digits the guest saw, then left failed the second time', async () => {
    const checkIn = Date.now() + 5 * HOUR;
    const stay = await addStay('Fox Mulder', checkIn, checkIn + DAY);
    const first = await until(() => codeRow(stay), (found) => found?.state === 'confirmed', 'the code confirmed');
    const seen = (await until(() => secrets(stay), (answer) => answer.code !== '', 'the guest sees the code')).code;
    issued.add(seen);
    const made = creates();

    await seam.outside.deleteCode(first!.seam_access_code_id!);
    const again = await until(() => codeRow(stay), (found) => found?.state === 'confirmed' && found.seam_access_code_id !== first!.seam_access_code_id, 'set again');
    expect(creates()).toBe(made + 1);
    expect(seam.access.codes.get(again!.seam_access_code_id!)?.code).toBe(seen);
    expect((await secrets(stay)).code).toBe(seen);
    const mail = await until(() => mailsAbout('Door code for Fox deleted'), (found) => found.length === 1, 'the host told');
    expect(readableParts(mail[0]!)).toContain('Porchlight set it again');

    await seam.outside.deleteCode(again!.seam_access_code_id!);
    await until(() => codeRow(stay), (found) => found?.state === 'failed', 'left failed');
    const mails = await until(() => mailsAbout('Door code for Fox deleted'), (found) => found.length === 2, 'the host told again');
    expect(readableParts(mails[1]!)).toContain('a second time within a day');
    expect(creates()).toBe(made + 1);
    expect((await secrets(stay)).doorCode).toMatchObject({ state: 'failed' });
    const lines = await db.selectFrom('team_activity').select(['action', 'actor']).where('subject_id', '=', stay._id).execute();
    expect(lines).toEqual(expect.arrayContaining([{ action: 'lock-code.recreated', actor: 'system' }, { action: 'lock-code.failed', actor: 'system' }]));
  });

  it('a lock going offline is shown and mailed once; back online, it is shown again', async () => {
    const device = () => ok<LocksView>(host.call('/api/team/locks')).then((view) => view.accounts[0]!.devices.find((one) => one.id === frontDoor.id)!);
    await seam.outside.setOnline(frontDoor.seamId, false);
    await until(device, (lock) => !lock.online && lock.offlineSince !== null, 'shown offline');
    await seam.outside.setOnline(frontDoor.seamId, false);
    const mail = await until(() => mailsAbout('Front door is offline'), (found) => found.length === 1, 'the host told');
    expect(readableParts(mail[0]!)).toContain('door codes cannot be set on it while it is');
    await seam.outside.setOnline(frontDoor.seamId, true);
    await until(device, (lock) => lock.online, 'shown online');
    await until(() => db.selectFrom('lock_webhook_inbox').select('id').where('processed_at', 'is', null).execute(), (rows) => rows.length === 0, 'every hint worked');
    expect(mailsAbout('Front door is offline')).toHaveLength(1);
    const lines = await db.selectFrom('team_activity').select('action').where('action', 'in', ['lock.offline', 'lock.online']).orderBy('id').execute();
    expect(lines.map((line) => line.action)).toEqual(['lock.offline', 'lock.online']);
  });

  it('an account that needs its password again is shown and mailed once', async () => {
    const account = [...seam.accounts.values()][0]!;
    const ids = { connected_account_id: account.connected_account_id };
    account.errors = [{ error_code: 'account_disconnected', message: 'Reconnect', created_at: new Date().toISOString() }];
    await seam.hooks.send('connected_account.disconnected', ids);
    await seam.hooks.send('connected_account.disconnected', ids);
    const state = () => ok<LocksView>(host.call('/api/team/locks')).then((view) => view.accounts[0]!.state);
    await until(state, (now) => now === 'disconnected', 'shown disconnected');
    await until(() => db.selectFrom('lock_webhook_inbox').select('id').where('processed_at', 'is', null).execute(), (rows) => rows.length === 0, 'both hints worked');
    await until(() => mailsAbout('lock account needs its password again'), (found) => found.length > 0, 'the host told');
    expect(mailsAbout('lock account needs its password again')).toHaveLength(1);
    account.errors = [];
    await seam.hooks.send('connected_account.connected', ids);
    await until(state, (now) => now === 'connected', 'shown connected again');
  });

  it('a host who closes the tab after signing in finds the account connected: the webview’s event completes the attempt, once', async () => {
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const accounts = () => ok<LocksView>(other.call('/api/team/locks')).then((view) => view.accounts);
    seam.autoAuthorize = false;
    let attemptId: string;
    try {
      ({ attemptId } = await ok<{ attemptId: string }>(other.call('/api/team/locks/connect', { method: 'POST' }), 201));
    } finally {
      seam.autoAuthorize = true;
    }
    const webviewId = (await db.selectFrom('lock_connect_attempts').select('seam_connect_webview_id').where('id', '=', attemptId).executeTakeFirstOrThrow()).seam_connect_webview_id!;
    const worked = (svixId: string) => until(() => db.selectFrom('lock_webhook_inbox').select('processed_at').where('svix_id', '=', svixId).executeTakeFirst(), (row) => row?.processed_at != null, 'the hint worked');
    // Still pending at Seam (an event out of order): nothing is connected, and the attempt stays open.
    await worked((await seam.hooks.send('connect_webview.login_succeeded', { connect_webview_id: webviewId })).svixId);
    expect(await accounts()).toEqual([]);
    // The host signs in and closes the tab before the redirect: Seam's event is what arrives.
    seam.authorize(webviewId);
    await worked((await seam.hooks.send('connect_webview.login_succeeded', { connect_webview_id: webviewId })).svixId);
    const connected = await accounts();
    expect(connected).toHaveLength(1);
    expect(connected[0]).toMatchObject({ state: 'connected', label: 'August', connectedBy: other.name });
    expect(connected[0]!.devices.map((device) => device.name).sort()).toEqual(['Back gate', 'Front door']);
    // The event again, and the host's return afterwards: already connected, still one account.
    await seam.hooks.resend(seam.hooks.deliveries.at(-1)!);
    const back = await other.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' });
    expect([back.status, await back.json()]).toEqual([409, { message: 'Already connected.' }]);
    expect(await accounts()).toHaveLength(1);
    expect(await db.selectFrom('lock_connect_attempts').select('outcome').where('id', '=', attemptId).executeTakeFirst()).toEqual({ outcome: 'connected' });
  });

  it('the daily pass deletes a code orphaned at Seam and an account Seam kept, and leaves live codes alone', async () => {
    const live = [...seam.access.codes.keys()];
    seam.access.codes.set('orphan-1', { access_code_id: 'orphan-1', device_id: frontDoor.seamId, code: '55501234', common_code_key: 'porchlight:no-such-row:0', starts_at: new Date(Date.now() + DAY).toISOString(), ends_at: new Date(Date.now() + 2 * DAY).toISOString(), errors: [], warnings: [], is_backup: false, created_ms: Date.now() });
    issued.add('55501234');
    seam.webviews.set('kept-webview', {});
    const kept = String(seam.authorize('kept-webview').connected_account_id);
    await db.insertInto('lock_account_removals').values({ seam_connected_account_id: kept, next_attempt_at: 0 }).execute();
    // A new UTC day for the pass: the day's claim let go, and the server started again on the same database.
    await db.deleteFrom('record_locks').where('key', 'like', 'lock-daily:%').execute();
    earlierLogs.push(...server.logs);
    await server.stop();
    server = await startServer({ ...serverEnv(), DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) });
    seam.hooks.url = `${server.url}/api/locks/webhook`;
    await until(() => seam.access.codes.has('orphan-1'), (present) => !present, 'the orphan deleted');
    await until(() => db.selectFrom('lock_account_removals').select('seam_connected_account_id').execute(), (rows) => rows.length === 0, 'the account deleted at Seam');
    expect(seam.accounts.has(kept)).toBe(false);
    expect(live.filter((id) => !seam.access.codes.has(id))).toEqual([]);
  });

  it('without SEAM_WEBHOOK_SECRET the webhook answers 503', async () => {
    const other = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'ef'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url });
    try {
      const response = await fetch(`${other.url}/api/locks/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(503);
    } finally {
      await other.stop();
    }
  });

  it('no code reaches an inbox row, the log or a mail', async () => {
    expect(issued.size).toBeGreaterThanOrEqual(2);
    const everything = [[...earlierLogs, ...server.logs].join('\n'), ...smtp.mails.map((mail) => readableParts(mail)), JSON.stringify(await inbox())].join('\n');
    for (const code of [...issued, '73194650']) expect(everything).not.toContain(code);
  });
});
