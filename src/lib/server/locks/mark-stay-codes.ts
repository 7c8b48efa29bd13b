import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database } from '@db/schema.ts';
import { planIncludesLocks } from '@shared/plans.ts';
import { getTeamPlanIn } from '../account/team-plan.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';
import { getRuntime } from '../platform/runtime.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import { deadlineFor } from './deadlines.ts';
import { locksOffReason } from './lock-config.ts';
import { kickLockCodes } from './code-kick.ts';

/**
 * `markStayCodes(trx, stayIds)`, the stay writers' one call (docs/decisions/030-smart-locks.md §4),
 * inside the transaction that makes, moves or deletes the stays: each stay's live code row gets the
 * desired state (`wanted`, the window from `effectiveStayTimes`, when to create it, its deadline),
 * `revision + 1` and `due_at = now`; the worker (reconcile-code.ts) makes Seam agree after the
 * commit. It never calls Seam and never changes a state but `need` and the `unwant` of a row with
 * nothing at Seam. A stay of a guidebook without a lock, and without a row, writes nothing.
 * `gone`: the stays are about to be deleted or cancelled (their codes unwanted).
 */

const DAY_MS = 24 * 60 * 60_000;
/** A code exists at Seam from 7 days before check-in, not before (cost, §15). */
export const CREATE_AHEAD_MS = 7 * DAY_MS;

interface Lock {
  deviceId: string;
  scheduling: 'unknown' | 'native' | 'just_in_time';
  /** The lock takes offline codes only (§9): its codes are `kind: 'offline'`. */
  offline: boolean;
}

/** The lock each guidebook's stays get codes on: assigned, not gone, taking online or offline codes, the guidebook not in the trash. */
export async function locksOf(trx: Kysely<Database>, instructionIds: readonly string[]): Promise<Map<string, Lock>> {
  if (instructionIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('lock_assignments')
    .innerJoin('lock_devices', 'lock_devices.id', 'lock_assignments.device_id')
    .innerJoin('instructions', 'instructions.id', 'lock_assignments.instruction_id')
    .select(['lock_assignments.instruction_id', 'lock_devices.id as device_id', 'lock_devices.scheduling', 'lock_devices.online_codes'])
    .where('lock_assignments.instruction_id', 'in', instructionIds)
    .where('lock_devices.gone_at', 'is', null)
    .where((eb) => eb.or([eb('lock_devices.online_codes', '=', 1), eb('lock_devices.offline_codes', '=', 1)]))
    .where('instructions.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.instruction_id, { deviceId: row.device_id, scheduling: row.scheduling, offline: row.online_codes === 0 }]));
}

export async function markStayCodes(trx: Kysely<Database>, stayIds: readonly string[], { gone = false, now = Date.now() }: { gone?: boolean; now?: number } = {}): Promise<void> {
  if (stayIds.length === 0) return;
  const { config } = await getRuntime();
  if (locksOffReason(config) !== undefined) return;
  const stays = await trx.selectFrom('stays').select(['id', 'team_id', 'instruction_id', 'check_in', 'check_out', 'early_checkin_from', 'late_checkout_until']).where('id', 'in', stayIds).execute();
  const rows = await trx.selectFrom('lock_codes').selectAll().where('stay_id', 'in', stayIds).where('state', 'not in', ['removed', 'left']).execute();
  const rowOf = new Map(rows.map((row) => [row.stay_id, row]));
  // "Door code" turned off by the host sticks to the stay, on its live row or on the one removed for it: never made again.
  const off = new Set((await trx.selectFrom('lock_codes').select('stay_id').where('stay_id', 'in', stayIds).where('host_off', '=', 1).execute()).map((row) => row.stay_id));
  const locks = await locksOf(trx, [...new Set(stays.map((stay) => stay.instruction_id))]);
  const plans = new Map<string, boolean>();
  let changed = false;
  for (const stay of stays) {
    const row = rowOf.get(stay.id);
    const lock = locks.get(stay.instruction_id);
    if (!row && (!lock || gone)) continue;
    if (!plans.has(stay.team_id)) plans.set(stay.team_id, planIncludesLocks(await getTeamPlanIn(trx, stay.team_id)));
    const times = effectiveStayTimes(stay);
    // A code already at Seam keeps running out on a lapsed plan (§14); none is made for it.
    const planOk = plans.get(stay.team_id) === true || (row?.seam_access_code_id ?? null) !== null;
    // Another lock now: this row's code is removed first, and the worker marks the stay again after (§3.5).
    const sameLock = !row || !lock || row.device_id === lock.deviceId;
    const wanted = !gone && lock !== undefined && sameLock && planOk && !off.has(stay.id) && times.checkOut > now;
    if (!row) {
      if (!wanted) continue;
      await trx.insertInto('lock_codes').values({ id: nanoid(), team_id: stay.team_id, stay_id: stay.id, instruction_id: stay.instruction_id, device_id: lock!.deviceId, kind: lock!.offline ? 'offline' : 'online', state: 'due', ...desired(times, lock!, now, null), wanted: 1, revision: 1, created_at: now, updated_at: now }).execute();
      changed = true;
      continue;
    }
    const set = { ...desired(times, lock ?? null, now, row), wanted: wanted ? 1 : 0, revision: row.revision + 1, updated_at: now } as const;
    if (!wanted && row.seam_access_code_id === null && row.backup_seam_access_code_id === null && row.state !== 'removing') await changeCodeState(trx, row, 'unwant', { now, set, to: 'removed' });
    else await trx.updateTable('lock_codes').set(set).where('id', '=', row.id).execute();
    changed = true;
  }
  if (changed) kickLockCodes();
}

/** The desired columns of a stay's code: its window, when to create it, its deadline (§7), due now. */
function desired(times: { checkIn: number; checkOut: number }, lock: Lock | null, now: number, row: CodeRow | null) {
  const keepDeadline = row !== null && row.want_from === times.checkIn && row.deadline_at !== null;
  return {
    want_from: times.checkIn,
    want_until: times.checkOut,
    create_after: times.checkIn - CREATE_AHEAD_MS,
    // An offline code is made by the vendor's registry, not sent to the lock: 2 hours before check-in, as a native lock (§9).
    deadline_at: keepDeadline ? row.deadline_at : deadlineFor(times.checkIn, lock?.offline ? 'native' : (lock?.scheduling ?? 'unknown'), now),
    due_at: now,
  };
}
