import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import { changeCodeState, type CodeRow, type CodeEvent } from './code-transitions.ts';
import { sealCode } from './code-secret.ts';
import { codeDeletedOutside } from './outside-deletion.ts';
import type { SeamSettings } from './lock-config.ts';
import { SeamCallError, seamCalls, type SeamAccessCode } from './seam-client.ts';

/**
 * Step 4 of the worker (docs/decisions/030-smart-locks.md §6): the code read back from Seam and
 * kept as Seam reports it (status, window, whether it is scheduled on the device, the name the lock
 * shows, error and warning codes, the digits sealed), the device's way of scheduling learned, and
 * the move it calls for: `confirm` once Seam reports it scheduled on the device or set, with a code
 * and no error; `fault` on an error; `clear` when the error is gone. Also when to look next.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const at = (iso: string | null | undefined): number | null => (iso ? Date.parse(iso) : null);

/** Scheduled on the device or set; an offline code once its code is assigned (§9: made by the vendor's registry, nothing is sent to the lock). */
export function isConfirmed(code: SeamAccessCode): boolean {
  const onLock = code.is_offline_access_code === true ? code.is_waiting_for_code_assignment !== true : code.is_scheduled_on_device === true || code.status === 'set';
  return onLock && Boolean(code.code) && code.errors.length === 0;
}

function eventFor(row: CodeRow, code: SeamAccessCode): CodeEvent | null {
  if (isConfirmed(code)) return row.state === 'failed' ? 'confirm-late' : row.state === 'sent' || row.state === 'trouble' ? 'confirm' : null;
  if (code.errors.length > 0) return row.state === 'sent' || row.state === 'confirmed' ? 'fault' : null;
  return row.state === 'trouble' ? 'clear' : null;
}

export async function observeCode(db: Kysely<Database>, settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow> {
  if (row.seam_access_code_id === null) return row;
  const { config } = await getRuntime();
  let code: SeamAccessCode;
  try {
    code = await seamCalls.getCode(settings, row.seam_access_code_id);
  } catch (error) {
    if (!(error instanceof SeamCallError && error.status === 404)) throw error;
    // Deleted outside Porchlight: made again once, mailed; a second time within a day, failed (outside-deletion.ts).
    return codeDeletedOutside(db, row, now);
  }
  const seen = {
    seam_status: code.status,
    scheduled_on_device: code.is_scheduled_on_device ? 1 : 0,
    appearance_name: code.appearance?.name?.slice(0, 100) ?? null,
    error_codes: code.errors.map((error) => error.error_code).join(','),
    warning_codes: code.warnings.map((warning) => warning.warning_code).join(','),
    // A backup code in use is the stay's: the original's digits never replace it.
    ...(code.code && row.state !== 'backup' && row.state !== 'manual' ? sealCode(config, row, code.code) : {}),
    updated_at: now,
  } as const;
  await learnScheduling(db, row, code, now);
  const event = eventFor(row, code);
  const confirmed = event === 'confirm' || event === 'confirm-late' ? { confirmed_from: at(code.starts_at) ?? row.want_from, confirmed_until: at(code.ends_at) ?? row.want_until } : {};
  const written = event ? await changeCodeState(db, row, event, { now, set: { ...seen, ...confirmed } }) : null;
  if (written) return written;
  return (await db.updateTable('lock_codes').set(seen).where('id', '=', row.id).returningAll().executeTakeFirst()) ?? row;
}

/** A code scheduled on the device: the lock schedules natively; one set or setting within 72 hours without it: just in time (§ "Where the docs were silent" 2). */
async function learnScheduling(db: Kysely<Database>, row: CodeRow, code: SeamAccessCode, now: number): Promise<void> {
  if (row.device_id === null || row.kind === 'offline') return;
  const native = code.is_scheduled_on_device === true;
  const justInTime = !native && (code.status === 'set' || code.status === 'setting') && (row.want_from ?? 0) - now < 72 * HOUR_MS;
  if (!native && !justInTime) return;
  await db.updateTable('lock_devices').set({ scheduling: native ? 'native' : 'just_in_time' }).where('id', '=', row.device_id).where('scheduling', '=', 'unknown').execute();
}

/** When the worker looks at a code next (§6, "When it looks"); null: only a marking brings it back. */
export function nextLook(row: CodeRow, now: number): number | null {
  const from = row.want_from ?? now;
  switch (row.state) {
    case 'due':
      // Deleted outside Porchlight: made again at once (§8).
      if (row.last_error === 'outside' && row.seam_access_code_id === null) return now;
      return Math.max(row.create_after ?? now, now + MINUTE_MS);
    case 'sent':
    case 'trouble': {
      const deadline = row.deadline_at ?? from;
      const every = deadline - now < 3 * HOUR_MS ? 15 * MINUTE_MS : from - now < 72 * HOUR_MS ? HOUR_MS : 24 * HOUR_MS;
      return Math.min(now + (row.last_attempt_at === now ? 2 * MINUTE_MS : every), Math.max(deadline, now + MINUTE_MS));
    }
    case 'confirmed':
      if (now < from - 72 * HOUR_MS) return from - 72 * HOUR_MS;
      if (now < from - 24 * HOUR_MS) return from - 24 * HOUR_MS;
      return now < from ? Math.min(now + HOUR_MS, from) : null;
    case 'removing':
      return now + 5 * MINUTE_MS;
    default:
      return null;
  }
}
