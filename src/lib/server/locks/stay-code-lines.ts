import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { StayDoorCode } from '@shared/schemas/stay.ts';

/**
 * The stay card's door code line (docs/decisions/030-smart-locks.md §13): set (confirmed, or a
 * member's own), setting, failed with a backup code in use, failed with none, or the lock offline
 * while the code waits. A stay without a live code has no line. Never the digits.
 */
export async function doorCodesOf(db: Kysely<Database>, stayIds: readonly string[]): Promise<Map<string, StayDoorCode>> {
  if (stayIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lock_codes')
    .leftJoin('lock_devices', 'lock_devices.id', 'lock_codes.device_id')
    .select(['lock_codes.stay_id', 'lock_codes.state', 'lock_codes.wanted', 'lock_devices.online'])
    .where('lock_codes.stay_id', 'in', stayIds)
    .where('lock_codes.state', 'not in', ['removed', 'left', 'removing'])
    .execute();
  const lines = new Map<string, StayDoorCode>();
  for (const row of rows) {
    if (row.stay_id === null || row.wanted === 0) continue;
    const waiting = row.online === 0 ? 'offline' : 'setting';
    lines.set(row.stay_id, row.state === 'confirmed' || row.state === 'manual' ? 'set' : row.state === 'backup' ? 'backup' : row.state === 'failed' ? 'failed' : waiting);
  }
  return lines;
}
