import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { StayLockCode } from '@shared/schemas/arrivals.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { AppError } from '../http/app-error.ts';
import { withRecordLock } from '../platform/db/record-lock.ts';
import { getRuntime } from '../platform/runtime.ts';
import { arrivalState } from './arrivals.ts';
import { codeLineDetails } from './code-activity.ts';
import { kickLockCodes } from './code-kick.ts';
import { openCode, sealCode } from './code-secret.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import type { SeamSettings } from './lock-config.ts';
import { recreatedColumns } from './recreate-code.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * What a member does to one stay's door code on Arrivals (docs/decisions/030-smart-locks.md §5,
 * §13): "Show code" (the digits once the lock has them, its look recorded once per member, stay
 * and day), "Try again" (`recreate` of a failing code, keyed by the code's attempt so a double
 * click makes one retry; any other live code is looked at again now) and "Type a code"
 * (`host-code`). Each finds the stay by the team and the guidebook of the path first: another
 * team's stay, or a stay without a live code, answers 404. The code's lease is waited for, so a
 * step never runs beside the worker's Seam calls for the same code.
 */

const DAY_MS = 24 * 60 * 60_000;

export interface StayCodeTarget {
  access: TeamAccess;
  guidebookId: string;
  stayId: string;
}

interface Found {
  stay: { id: string; guest_name: string; pms_integration_id: string | null };
  row: CodeRow;
  lock: string;
  online: 0 | 1 | null;
  scheduling: 'unknown' | 'native' | 'just_in_time';
}

async function findCode(db: Kysely<Database>, { access, guidebookId, stayId }: StayCodeTarget): Promise<Found> {
  const stay = await db.selectFrom('stays').select(['id', 'guest_name', 'pms_integration_id']).where('id', '=', stayId).where('instruction_id', '=', guidebookId).where('team_id', '=', access.teamId).executeTakeFirst();
  if (!stay) throw new AppError('NOT_FOUND', messages.stays.notFound);
  const row = await db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay.id).where('team_id', '=', access.teamId).where('state', 'not in', ['removed', 'left', 'removing']).executeTakeFirst();
  if (!row || row.wanted === 0) throw new AppError('NOT_FOUND', messages.locks.noCode);
  const device = row.device_id === null ? undefined : await db.selectFrom('lock_devices').select(['name', 'online', 'scheduling']).where('id', '=', row.device_id).executeTakeFirst();
  return { stay, row, lock: device?.name ?? 'the lock', online: device?.online ?? null, scheduling: device?.scheduling ?? 'unknown' };
}

const activityOf = (found: Found, now: number) => ({
  teamId: found.row.team_id,
  guidebookId: found.row.instruction_id,
  subjectId: found.stay.id,
  details: codeLineDetails(found.stay, found.lock, found.row),
  now,
});

const stateOf = (found: Found, row: CodeRow) => arrivalState({ ...row, online: found.online, lock: found.lock }, found.lock, true);

/** GET …/lock-code: the digits once the lock has them (confirmed, a backup code, a member's own); null before. */
export async function showStayCode(target: StayCodeTarget, now = Date.now()): Promise<StayLockCode> {
  const { db, config } = await getRuntime();
  const found = await findCode(db, target);
  const state = stateOf(found, found.row);
  const code = state === 'set' || state === 'backup' || state === 'manual' ? openCode(config, found.row) : null;
  if (code !== null) {
    await db.transaction().execute(async (trx) => {
      const today = now - (now % DAY_MS);
      const seen = await trx.selectFrom('team_activity').select('id').where('team_id', '=', found.row.team_id).where('action', '=', 'lock-code.viewed').where('subject_id', '=', found.stay.id).where('actor_user_id', '=', target.access.userId).where('created_at', '>=', today).executeTakeFirst();
      if (!seen) await recordActivity(trx, { ...activityOf(found, now), by: memberActor(target.access), action: 'lock-code.viewed' });
    });
  }
  return { code, state };
}

/** POST …/lock-code/retry `{ generation }`: a failing code made again (its Seam code deleted first), or any other looked at again now. */
export async function retryStayCode(settings: SeamSettings, target: StayCodeTarget, generation: number, now = Date.now()): Promise<{ message: string }> {
  const { db } = await getRuntime();
  const { row: first } = await findCode(db, target);
  const answer = await withRecordLock(db, `lock-code:${first.id}`, async () => {
    const found = await findCode(db, target);
    const { row } = found;
    // The attempt the screen showed is gone: this click's retry already happened (a double click).
    if (row.generation !== generation) return { message: messages.locks.alreadyRetrying };
    if (row.state !== 'trouble' && row.state !== 'failed') {
      await db.updateTable('lock_codes').set({ due_at: now }).where('id', '=', row.id).execute();
      return { message: messages.locks.lookingAgain(found.lock) };
    }
    // An offline code cannot be deleted from afar (§9): a failing one is left, and a new one made.
    if (row.seam_access_code_id !== null && row.kind === 'online') await deleteAtSeam(settings, row.seam_access_code_id);
    const written = await db.transaction().execute(async (trx) => {
      const changed = await changeCodeState(trx, row, 'recreate', { now, set: recreatedColumns(row, found.scheduling, now) });
      if (changed) await recordActivity(trx, { ...activityOf(found, now), by: memberActor(target.access), action: 'lock-code.retried' });
      return changed;
    });
    return { message: written ? messages.locks.retrying(found.lock) : messages.locks.alreadyRetrying };
  });
  kickLockCodes();
  return answer;
}

async function deleteAtSeam(settings: SeamSettings, id: string): Promise<void> {
  try {
    await seamCalls.deleteCode(settings, id);
  } catch (error) {
    if (error instanceof SeamCallError && error.status === 404) return;
    throw new AppError('BAD_GATEWAY', messages.locks.unreachable, { cause: error });
  }
}

/** PUT …/lock-code/manual `{ code }`: the digits a member set on the lock, for a code that failed or fell back to a backup code. */
export async function typeStayCode(target: StayCodeTarget, digits: string, now = Date.now()): Promise<{ message: string }> {
  const { db, config } = await getRuntime();
  const { row: first } = await findCode(db, target);
  return withRecordLock(db, `lock-code:${first.id}`, async () => {
    const found = await findCode(db, target);
    const written = await db.transaction().execute(async (trx) => {
      const changed = await changeCodeState(trx, found.row, 'host-code', { now, set: { ...sealCode(config, found.row, digits), due_at: null } });
      if (changed) await recordActivity(trx, { ...activityOf(found, now), by: memberActor(target.access), action: 'lock-code.manual' });
      return changed;
    });
    if (!written) throw new AppError('CONFLICT', messages.locks.manualNotNow);
    return { message: messages.locks.manualSaved(found.stay.guest_name.split(' ')[0] || 'The guest') };
  });
}
