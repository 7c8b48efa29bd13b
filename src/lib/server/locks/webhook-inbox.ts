import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { tryRecordLock } from '../platform/db/record-lock.ts';
import { getRuntime } from '../platform/runtime.ts';
import { storeAccount } from './accounts.ts';
import { completeFromWebhook } from './connect.ts';
import { devicesGone } from './device-events.ts';
import { storeDevices } from './devices.ts';
import type { SeamSettings } from './lock-config.ts';
import { reconcileCode } from './reconcile-code.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * The webhook inbox worked after the answer (docs/decisions/030-smart-locks.md §10 step 4): the
 * rows due, grouped by subject, each subject re-read from Seam once under its lease and the read
 * applied, never the body; a subject no row of ours holds is dropped. An access code is the
 * worker's whole look at it (reconcile-code.ts: read, observe, an outside deletion); a lock or an
 * account is read and written with the inbox rows marked in the same transaction. A read that
 * fails leaves the rows for 1, 5 and 15 minutes later, then for the "lock codes" job's hourly try.
 * Out of order and replays end the same way: one read of the subject as it is now.
 */

const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
const PER_TURN = 200;

type Subject = 'access_code' | 'device' | 'connected_account' | 'connect_webview';
interface Group {
  subject: Subject;
  subjectId: string;
  ids: number[];
  attempts: number;
}

const processed = (db: Kysely<Database>, group: Group, now: number) => db.updateTable('lock_webhook_inbox').set({ processed_at: now }).where('id', 'in', group.ids).execute();

/** Every due inbox row once; answers how many subjects were read. */
export async function processInbox(settings: SeamSettings, now = Date.now()): Promise<number> {
  const { db, log, outbox } = await getRuntime();
  const rows = await db.selectFrom('lock_webhook_inbox').select(['id', 'subject', 'subject_id', 'attempts']).where('processed_at', 'is', null).where('next_attempt_at', '<=', now).orderBy('id').limit(PER_TURN).execute();
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = `${row.subject} ${row.subject_id}`;
    const group = groups.get(key) ?? { subject: row.subject, subjectId: row.subject_id, ids: [], attempts: 0 };
    group.ids.push(row.id);
    group.attempts = Math.max(group.attempts, row.attempts);
    groups.set(key, group);
  }
  let read = 0;
  for (const group of groups.values()) {
    try {
      const outcome = await applySubject(db, settings, group, now);
      if (outcome === 'busy') await db.updateTable('lock_webhook_inbox').set({ next_attempt_at: now + RETRY_MS[0]! }).where('id', 'in', group.ids).execute();
      else read += 1;
    } catch (error) {
      if (!(error instanceof SeamCallError)) log.error({ err: error, subject: group.subject }, 'locks: a webhook could not be worked, will retry');
      const attempts = group.attempts + 1;
      await db.updateTable('lock_webhook_inbox').set({ attempts, next_attempt_at: now + RETRY_MS[Math.min(attempts, RETRY_MS.length) - 1]! }).where('id', 'in', group.ids).execute();
    }
  }
  if (read > 0) outbox.kick();
  return read;
}

async function applySubject(db: Kysely<Database>, settings: SeamSettings, group: Group, now: number): Promise<'done' | 'busy'> {
  switch (group.subject) {
    case 'access_code':
      return applyCode(db, settings, group, now);
    case 'device':
      return applyDevice(db, settings, group, now);
    case 'connected_account':
      return applyAccount(db, settings, group, now);
    case 'connect_webview':
      return applyWebview(db, settings, group, now);
  }
}

/**
 * A webview's sign-in: its attempt completed as the host's return completes it (connect.ts). The
 * completion's transaction takes the attempt once, so the host's own return meanwhile, or another
 * server working the same hint, finds it done (409 "Already connected") and makes no second account.
 */
async function applyWebview(db: Kysely<Database>, settings: SeamSettings, group: Group, now: number): Promise<'done'> {
  await completeFromWebhook(settings, group.subjectId);
  await processed(db, group, now);
  return 'done';
}

/** A code of ours (or its backup): the worker's look under its lease; the rows marked once it has looked. */
async function applyCode(db: Kysely<Database>, settings: SeamSettings, group: Group, now: number): Promise<'done' | 'busy'> {
  const code = await db
    .selectFrom('lock_codes')
    .select('id')
    .where((where) => where.or([where('seam_access_code_id', '=', group.subjectId), where('backup_seam_access_code_id', '=', group.subjectId)]))
    .where('state', 'not in', ['removed', 'left'])
    .executeTakeFirst();
  if (code && (await reconcileCode(settings, code.id, now)) === 'busy') return 'busy';
  await processed(db, group, now);
  return 'done';
}

/** Seam's read, or null for a 404 (the subject is gone at Seam). */
async function orGone<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof SeamCallError && error.status === 404) return null;
    throw error;
  }
}

/** `step` under the record lease `key`, taken without waiting: 'busy' when another server holds it. */
async function leased(db: Kysely<Database>, key: string, step: () => Promise<void>): Promise<'done' | 'busy'> {
  const lease = await tryRecordLock(db, key);
  if (!lease) return 'busy';
  try {
    await step();
    return 'done';
  } finally {
    await lease.release();
  }
}

async function applyDevice(db: Kysely<Database>, settings: SeamSettings, group: Group, now: number): Promise<'done' | 'busy'> {
  const device = await db.selectFrom('lock_devices').select(['id', 'team_id', 'account_id']).where('seam_device_id', '=', group.subjectId).where('gone_at', 'is', null).executeTakeFirst();
  if (!device) return processed(db, group, now).then(() => 'done' as const);
  return leased(db, `lock-device:${device.id}`, async () => {
    const read = await orGone(seamCalls.getDevice(settings, group.subjectId));
    await db.transaction().execute(async (trx) => {
      if (read) await storeDevices(trx, { teamId: device.team_id, accountId: device.account_id }, [read], now, { wholeList: false });
      else await devicesGone(trx, [device.id], now);
      await processed(trx, group, now);
    });
  });
}

async function applyAccount(db: Kysely<Database>, settings: SeamSettings, group: Group, now: number): Promise<'done' | 'busy'> {
  const account = await db.selectFrom('lock_accounts').selectAll().where('seam_connected_account_id', '=', group.subjectId).executeTakeFirst();
  if (!account) return processed(db, group, now).then(() => 'done' as const);
  return leased(db, `lock-account:${account.id}`, async () => {
    const read = await orGone(seamCalls.getAccount(settings, group.subjectId));
    // Deleted at Seam: as disconnected, until the host disconnects it here or connects it again.
    const asRead = read ?? { connected_account_id: group.subjectId, account_type: account.provider, account_type_display_name: account.provider_label, errors: [{ error_code: 'account_disconnected' }] };
    const devices = read ? await seamCalls.listDevices(settings, group.subjectId) : null;
    await db.transaction().execute(async (trx) => {
      await storeAccount(trx, account, asRead, devices, now);
      await processed(trx, group, now);
    });
  });
}
