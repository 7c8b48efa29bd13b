import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { AppError } from '../http/app-error.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { StayCodeTarget } from './code-actions.ts';
import { codeLineDetails } from './code-activity.ts';
import { markStayCodes } from './mark-stay-codes.ts';

/**
 * "Door code" on or off for one stay (docs/decisions/030-smart-locks.md §4, §13; As built slice 5):
 * off (an owner's own stay, a guest who has a key) sets `host_off` on the stay's code row and marks
 * the stay, so its code is removed from the lock (an offline code is left to run out) and never
 * made again: `host_off` sticks to the row after its code is removed, and every marking, the daily
 * pass's included, reads it. On clears it and marks the stay: a new code is due. Both are one
 * transaction under the guidebook's stays lock, as every stay writer's marking is.
 */

type Trx = Kysely<Database>;

/** The stay's row that carries the choice: its live row, else its latest. */
async function rowOf(trx: Trx, teamId: string, stayId: string) {
  const rows = await trx.selectFrom('lock_codes').select(['id', 'state', 'host_off', 'device_id', 'want_from', 'want_until']).where('stay_id', '=', stayId).where('team_id', '=', teamId).orderBy('created_at', 'desc').execute();
  return rows.find((row) => row.state !== 'removed' && row.state !== 'left') ?? rows[0];
}

export async function setStayCodeEnabled({ access, guidebookId, stayId }: StayCodeTarget, on: boolean, now = Date.now()): Promise<{ message: string }> {
  const { db, dialect } = await getRuntime();
  const stay = await db.selectFrom('stays').select(['id', 'guest_name', 'pms_integration_id']).where('id', '=', stayId).where('instruction_id', '=', guidebookId).where('team_id', '=', access.teamId).executeTakeFirst();
  if (!stay) throw new AppError('NOT_FOUND', messages.stays.notFound);
  const guest = stay.guest_name.split(' ')[0] || 'The guest';
  await db.transaction().execute(async (trx) => {
    // The key of stays/owned-stay.ts `staysLock`: the stay writers' lock of this guidebook.
    await lockForTransaction(trx, dialect, `stays:${guidebookId}`);
    // A stay of a locked guidebook not marked yet (a writer that forgot) gets its row first.
    if (!(await rowOf(trx, access.teamId, stay.id))) await markStayCodes(trx, [stay.id], { now });
    const row = await rowOf(trx, access.teamId, stay.id);
    if (!row) throw new AppError('NOT_FOUND', messages.locks.noCode);
    if ((row.host_off === 1) === !on) return;
    if (on) await trx.updateTable('lock_codes').set({ host_off: 0, updated_at: now }).where('stay_id', '=', stay.id).where('host_off', '=', 1).execute();
    else await trx.updateTable('lock_codes').set({ host_off: 1, updated_at: now }).where('id', '=', row.id).execute();
    await markStayCodes(trx, [stay.id], { now });
    const lock = row.device_id === null ? undefined : await trx.selectFrom('lock_devices').select('name').where('id', '=', row.device_id).executeTakeFirst();
    await recordActivity(trx, {
      teamId: access.teamId,
      guidebookId,
      subjectId: stay.id,
      by: memberActor(access),
      action: on ? 'lock-code.on' : 'lock-code.off',
      details: codeLineDetails(stay, lock?.name ?? 'the lock', row),
      now,
    });
  });
  return { message: on ? messages.locks.codeOn(guest) : messages.locks.codeOff(guest) };
}
