import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { recordActivity } from '../account/record-activity.ts';
import { codeLineDetails } from './code-activity.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import { deadlineFor } from './deadlines.ts';
import type { SeamSettings } from './lock-config.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * A failing code made again (`recreate`, docs/decisions/030-smart-locks.md §5): by a member's "Try
 * again" (code-actions.ts) at any time, or by the worker itself (reconcile-code.ts) when the lock
 * reported the code in trouble: at most AUTO_RECREATIONS times, an hour after the code was last
 * sent, while the deadline is more than an hour away, so the lock gets a fresh code before the
 * backup code or the host's mail are needed.
 */

const HOUR_MS = 60 * 60_000;
export const AUTO_RECREATIONS = 3;

/**
 * Seam's errors of the lock or its account rather than of the code: a new code would fail the
 * same way, and the lock's own state (offline, keypad, account) is shown and mailed already.
 */
const NOT_THE_CODES_FAULT = new Set(['device_offline', 'device_disconnected', 'device_removed', 'hub_disconnected', 'account_disconnected', 'august_lock_missing_keypad', 'subscription_required', 'igloohome_bridge_offline']);

type Scheduling = 'unknown' | 'native' | 'just_in_time';

/** The columns of a code made again: no Seam code, the next attempt, a fresh deadline (10 minutes when the old one passed, §7). */
export function recreatedColumns(row: CodeRow, scheduling: Scheduling, now: number) {
  return {
    seam_access_code_id: null,
    generation: row.generation + 1,
    recreations: row.recreations + 1,
    seam_status: null,
    seam_starts_at: null,
    seam_ends_at: null,
    scheduled_on_device: 0,
    appearance_name: null,
    error_codes: '',
    warning_codes: '',
    code_key_id: null,
    code_iv: null,
    code_ct: null,
    attempts: 0,
    last_error: null,
    deadline_at: deadlineFor(row.want_from ?? now, scheduling, now),
    due_at: now,
  } as const;
}

/** Whether the worker makes `row` again by itself now (above). An offline code cannot be deleted from afar (§9): never. */
export function recreatesByItself(row: CodeRow, now: number): boolean {
  if (row.state !== 'trouble' || row.kind !== 'online' || row.wanted !== 1 || row.seam_access_code_id === null) return false;
  if (row.recreations >= AUTO_RECREATIONS || row.last_attempt_at === null || now - row.last_attempt_at < HOUR_MS) return false;
  if (row.deadline_at === null || row.deadline_at - now <= HOUR_MS) return false;
  return !row.error_codes.split(',').some((code) => NOT_THE_CODES_FAULT.has(code));
}

/**
 * The worker's `recreate`, under the code's lease: Seam's code deleted (404 is done;
 * another failure is the caller's SeamCallError, tried again later), then the row made again with
 * an activity line for the team. Answers the row as written, or null when it changed meanwhile.
 */
export async function recreateByItself(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  await seamCalls.deleteCode(settings, row.seam_access_code_id!).catch((error: unknown) => {
    if (!(error instanceof SeamCallError && error.status === 404)) throw error;
  });
  const device = await db.selectFrom('lock_devices').select(['name', 'scheduling']).where('id', '=', row.device_id!).executeTakeFirst();
  const stay = await db.selectFrom('stays').select(['guest_name', 'pms_integration_id']).where('id', '=', row.stay_id!).executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const changed = await changeCodeState(trx, row, 'recreate', { now, set: recreatedColumns(row, device?.scheduling ?? 'unknown', now) });
    if (!changed) return null;
    const details = { source: 'seam' as const, why: 'failing' as const, ...codeLineDetails(stay, device?.name ?? 'the lock', row) };
    await recordActivity(trx, { teamId: row.team_id, by: { actor: 'system' }, action: 'lock-code.recreated', details, guidebookId: row.instruction_id, subjectId: row.stay_id, now });
    return changed;
  });
}
