import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { tryRecordLock } from '../platform/db/record-lock.ts';
import { getRuntime } from '../platform/runtime.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import { codeName } from './code-names.ts';
import { passDeadline, pastDeadline } from './deadlines.ts';
import type { SeamSettings } from './lock-config.ts';
import { markStayCodes } from './mark-stay-codes.ts';
import { nextLook, observeCode } from './observe-code.ts';
import { digitsToKeep } from './outside-deletion.ts';
import { offlineWindow } from './offline-codes.ts';
import { recreateByItself, recreatesByItself } from './recreate-code.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * One code against Seam (docs/decisions/030-smart-locks.md §6), under its lease `lock-code:<id>`
 * taken without waiting (held: another server is on it, and the row stays due): not wanted →
 * deleted; wanted and due → created (an unanswered create is adopted by its `common_code_key`,
 * never repeated blindly); its window moved → updated; then read back and observed; in trouble
 * for an hour with time to spare → made again (recreate-code.ts); past its deadline → the
 * fallback (§7). `done_revision` and the next look are written by compare-and-set on the
 * revision read, so a stay's change during a Seam call is never lost: the row stays due.
 */

const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export async function reconcileCode(settings: SeamSettings, id: string, now = Date.now()): Promise<'done' | 'busy'> {
  const { db } = await getRuntime();
  const lease = await tryRecordLock(db, `lock-code:${id}`);
  if (!lease) return 'busy';
  try {
    const row = await db.selectFrom('lock_codes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.state === 'removed' || row.state === 'left') return 'done';
    try {
      const after = await step(db, settings, row, now);
      await finish(db, after ?? row, row.revision, nextLook(after ?? row, now));
    } catch (error) {
      if (!(error instanceof SeamCallError)) throw error;
      const attempts = row.attempts + 1;
      await db.updateTable('lock_codes').set({ attempts, last_attempt_at: now, last_error: error.status === 0 ? 'unanswered' : 'seamFailed', due_at: now + RETRY_MS[Math.min(attempts, RETRY_MS.length) - 1]!, updated_at: now }).where('id', '=', id).execute();
    }
    return 'done';
  } finally {
    await lease.release();
  }
}

async function step(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  if (row.wanted === 0 || row.stay_id === null) return remove(db, settings, row, now);
  let current = row;
  if (current.seam_access_code_id === null) {
    if (current.state !== 'due' || (current.create_after ?? 0) > now) return pastDeadline(current, now) ? passDeadline(settings, current, now) : current;
    current = (await create(db, settings, current, now)) ?? current;
  } else if (current.state !== 'failed' && movedAt(current)) {
    // An offline code cannot be changed (§9): left to run out, and the stay gets a new one.
    if (current.kind === 'offline') return leave(db, current, now, true);
    current = (await move(db, settings, current, now)) ?? current;
  }
  current = await observeCode(db, settings, current, now);
  if (recreatesByItself(current, now)) {
    const remade = await recreateByItself(db, settings, current, now);
    // Made again: its create is this look's next step, not a minute later.
    if (remade) return step(db, settings, remade, now);
  }
  return pastDeadline(current, now) ? ((await passDeadline(settings, current, now)) ?? current) : current;
}

/** The window Seam should hold: the stay's, or for an offline code its whole hours (§9). */
function wantedWindow(row: CodeRow): { startsAt: number; endsAt: number; rounding?: '1h' | '1d' } {
  return row.kind === 'offline' ? offlineWindow(row.want_from!, row.want_until!) : { startsAt: row.want_from!, endsAt: row.want_until! };
}

function movedAt(row: CodeRow): boolean {
  const wanted = wantedWindow(row);
  return row.seam_starts_at !== wanted.startsAt || row.seam_ends_at !== wanted.endsAt;
}

/** What the create and the update send: the window and the name (§6, "Names"). */
async function windowOf(db: Kysely<Database>, row: CodeRow) {
  const stay = await db.selectFrom('stays').select(['guest_name', 'channel']).where('id', '=', row.stay_id!).executeTakeFirst();
  const guidebook = await db.selectFrom('instructions').select('data').where('id', '=', row.instruction_id!).executeTakeFirst();
  const timeZone = guidebook ? parseStoredContent(guidebook.data).timeZone : 'UTC';
  const name = codeName({ guestName: stay?.guest_name ?? '', channel: stay?.channel ?? 'direct', checkIn: row.want_from!, checkOut: row.want_until!, timeZone });
  return { name, ...wantedWindow(row) };
}

async function create(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  const device = await db.selectFrom('lock_devices').select(['seam_device_id', 'backup_pool']).where('id', '=', row.device_id!).executeTakeFirstOrThrow();
  const key = `porchlight:${row.id}:${row.generation}`;
  // A create that was sent but not answered may have reached Seam: adopt it, and delete a second one.
  let made = null;
  if (row.last_error === 'unanswered') {
    const mine = (await seamCalls.listCodes(settings, device.seam_device_id)).filter((code) => code.common_code_key === key);
    made = mine[0] ?? null;
    for (const extra of mine.slice(1)) await seamCalls.deleteCode(settings, extra.access_code_id);
  }
  const window = await windowOf(db, row);
  made ??= await seamCalls.createCode(settings, { ...window, deviceId: device.seam_device_id, commonCodeKey: key, backupPool: device.backup_pool === 1 && row.kind === 'online', code: await digitsToKeep(db, row) });
  return changeCodeState(db, row, 'created', { now, set: { seam_access_code_id: made.access_code_id, seam_starts_at: window.startsAt, seam_ends_at: window.endsAt, attempts: 0, last_error: null, last_attempt_at: now } });
}

async function move(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  const window = await windowOf(db, row);
  await seamCalls.updateCode(settings, row.seam_access_code_id!, window);
  // The backup code's end follows the stay's (open question 4).
  if (row.backup_seam_access_code_id !== null) await seamCalls.updateCode(settings, row.backup_seam_access_code_id, window).catch(() => undefined);
  const to = row.state === 'backup' || row.state === 'manual' ? row.state : 'sent';
  return changeCodeState(db, row, 'move', { now, to, set: { seam_starts_at: window.startsAt, seam_ends_at: window.endsAt, last_attempt_at: now } });
}

/** Not wanted: nothing at Seam → removed; else the backup code and the code deleted (404 is done), then removed. */
async function remove(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  if (row.seam_access_code_id === null && row.backup_seam_access_code_id === null) return changeCodeState(db, row, 'unwant', { now, to: 'removed' });
  if (row.kind === 'offline') return leave(db, row, now, false);
  const removing = row.state === 'removing' ? row : await changeCodeState(db, row, 'unwant', { now, to: 'removing' });
  if (!removing) return null;
  for (const id of [removing.backup_seam_access_code_id, removing.seam_access_code_id]) {
    if (id === null) continue;
    await seamCalls.deleteCode(settings, id).catch((error: unknown) => {
      if (!(error instanceof SeamCallError && error.status === 404)) throw error;
    });
  }
  const gone = await changeCodeState(db, removing, 'gone', { now });
  // The stay still there (its guidebook took another lock): marked again, for a code on the new lock.
  if (gone?.stay_id) await db.transaction().execute((trx) => markStayCodes(trx, [gone.stay_id!], { now }));
  return gone;
}

/** An offline code not wanted, or moved: `leave` (nothing is asked of Seam, §9); a moved stay is marked again for its new code. */
async function leave(db: Kysely<Database>, row: CodeRow, now: number, renew: boolean): Promise<CodeRow | null> {
  const left = await changeCodeState(db, row, 'leave', { now, set: { wanted: 0, due_at: null } });
  if (left?.stay_id && renew) await db.transaction().execute((trx) => markStayCodes(trx, [left.stay_id!], { now }));
  return left;
}

async function finish(db: Kysely<Database>, row: CodeRow, revision: number, dueAt: number | null): Promise<void> {
  await db.updateTable('lock_codes').set({ done_revision: revision, due_at: dueAt }).where('id', '=', row.id).where('revision', '=', revision).execute();
}
