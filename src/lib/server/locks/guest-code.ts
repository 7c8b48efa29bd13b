import { planIncludesLocks } from '@shared/plans.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { getRuntime } from '../platform/runtime.ts';
import { openCode } from './code-secret.ts';
import { locksOffReason } from './lock-config.ts';
import { locksOf } from './mark-stay-codes.ts';
import { firstUseBy } from './offline-codes.ts';

/**
 * What the guest's secrets API may release of a stay's own door code (docs/decisions/030-smart-locks.md
 * §8): `none` when the guidebook has no lock, or a plan that no longer includes one (the fixed code, as before); the code once the lock has
 * confirmed it (or a backup code, or one a member set; an offline code with its window, §9), or while a moved code is being set and the
 * window the lock last confirmed still holds now; else `waiting` with when to look again, or
 * `failed`; `off` when the host turned the stay's door code off. Never a code Seam merely accepted.
 */
export type GuestDoorCode = { kind: 'none' } | { kind: 'code'; code: string; offline?: OfflineTimes } | { kind: 'waiting'; lookAgainAt: number; justInTime: boolean } | { kind: 'failed' } | { kind: 'off' };

/** An offline code's window as Seam stored it, and when it must first be used (§9), or null. */
export interface OfflineTimes {
  from: number;
  until: number;
  firstUse: number | null;
}

/**
 * Whether stay links of this guidebook get their own code: smart locks on, a lock assigned that
 * takes codes, and a plan that includes them. A plan that lapsed makes no new code (§14), so a stay
 * without one has the guidebook's own code again, as before the lock, not "being set" for ever.
 */
export async function guidebookHasLock(instructionId: string): Promise<boolean> {
  const { db, config } = await getRuntime();
  if (locksOffReason(config) !== undefined) return false;
  if (!(await locksOf(db, [instructionId])).has(instructionId)) return false;
  const guidebook = await db.selectFrom('instructions').select('team_id').where('id', '=', instructionId).executeTakeFirst();
  return guidebook !== undefined && planIncludesLocks(await getTeamPlan(guidebook.team_id));
}

export async function guestDoorCode(stay: { id: string; instruction_id: string; check_in: number }, now: number): Promise<GuestDoorCode> {
  const { db, config } = await getRuntime();
  const row = await db.selectFrom('lock_codes').selectAll().where('stay_id', '=', stay.id).where('state', 'not in', ['removed', 'left']).executeTakeFirst();
  // "Door code" turned off for this stay (§4): no code, and nothing said about one.
  if (row?.host_off === 1 || (!row && (await db.selectFrom('lock_codes').select('id').where('stay_id', '=', stay.id).where('host_off', '=', 1).executeTakeFirst()))) return { kind: 'off' };
  if (!row && !(await guidebookHasLock(stay.instruction_id))) return { kind: 'none' };
  if (!row) return { kind: 'waiting', lookAgainAt: stay.check_in - 30 * 60_000, justInTime: true };
  const released = row.state === 'confirmed' || row.state === 'backup' || row.state === 'manual' || (row.state === 'sent' && row.confirmed_from !== null && row.confirmed_until !== null && row.confirmed_from <= now && now < row.confirmed_until);
  const code = released ? openCode(config, row) : null;
  if (code) {
    const [from, until] = [row.confirmed_from ?? row.seam_starts_at, row.confirmed_until ?? row.seam_ends_at];
    if (row.kind !== 'offline' || row.state === 'manual' || from === null || until === null) return { kind: 'code', code };
    return { kind: 'code', code, offline: { from, until, firstUse: firstUseBy(from, until) } };
  }
  if (row.state === 'failed') return { kind: 'failed' };
  const device = row.device_id === null ? undefined : await db.selectFrom('lock_devices').select('scheduling').where('id', '=', row.device_id).executeTakeFirst();
  return { kind: 'waiting', lookAgainAt: row.deadline_at ?? stay.check_in, justInTime: device?.scheduling !== 'native' };
}
