import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SeamSettings } from './lock-config.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * The daily pass's repairs at Seam (docs/decisions/030-smart-locks.md §3.7, §6): accounts whose
 * deletion at Seam failed when a team disconnected them (`lock_account_removals`) deleted again,
 * and codes orphaned by a crash between a create and its write (a `porchlight:` `common_code_key`
 * naming no live row of ours, or an earlier generation of one) deleted from each assigned lock.
 * A code of the row's current generation is never touched: its create may be in flight.
 */

const HOUR_MS = 60 * 60_000;
const KEY = /^porchlight:([\w-]+):(\d+)$/;

const notFoundIsDone = (error: unknown) => {
  if (!(error instanceof SeamCallError && error.status === 404)) throw error;
};

export async function retryAccountRemovals(db: Kysely<Database>, settings: SeamSettings, now: number): Promise<void> {
  const due = await db.selectFrom('lock_account_removals').selectAll().where('next_attempt_at', '<=', now).limit(50).execute();
  for (const row of due) {
    try {
      await seamCalls.deleteAccount(settings, row.seam_connected_account_id).catch(notFoundIsDone);
      await db.deleteFrom('lock_account_removals').where('seam_connected_account_id', '=', row.seam_connected_account_id).execute();
    } catch {
      // Tried again at the next day's pass, or later: an hour, doubled each time, at most a week.
      const wait = Math.min(HOUR_MS * 2 ** row.attempts, 7 * 24 * HOUR_MS);
      await db.updateTable('lock_account_removals').set({ attempts: row.attempts + 1, next_attempt_at: now + wait }).where('seam_connected_account_id', '=', row.seam_connected_account_id).execute();
    }
  }
}

export async function deleteOrphanCodes(db: Kysely<Database>, settings: SeamSettings): Promise<number> {
  const { log } = await getRuntime();
  const devices = await db.selectFrom('lock_devices').innerJoin('lock_assignments', 'lock_assignments.device_id', 'lock_devices.id').select('lock_devices.seam_device_id').distinct().where('lock_devices.gone_at', 'is', null).execute();
  let deleted = 0;
  for (const device of devices) {
    try {
      const ours = (await seamCalls.listCodes(settings, device.seam_device_id)).flatMap((code) => {
        const key = KEY.exec(code.common_code_key ?? '');
        return key ? [{ code, rowId: key[1]!, generation: Number(key[2]) }] : [];
      });
      if (ours.length === 0) continue;
      const rows = await db.selectFrom('lock_codes').select(['id', 'generation']).where('id', 'in', [...new Set(ours.map((entry) => entry.rowId))]).where('state', 'not in', ['removed', 'left']).execute();
      const live = new Map(rows.map((row) => [row.id, row.generation]));
      for (const entry of ours) {
        const generation = live.get(entry.rowId);
        if (generation !== undefined && entry.generation >= generation) continue;
        await seamCalls.deleteCode(settings, entry.code.access_code_id).catch(notFoundIsDone);
        deleted += 1;
      }
    } catch (error) {
      log.warn({ err: error }, 'locks: orphaned codes not listed for a lock; tried again tomorrow');
    }
  }
  return deleted;
}
