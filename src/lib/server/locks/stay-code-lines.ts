import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { formatGuestDate, formatGuestDateTime } from '@shared/guest-dates.ts';
import { messages } from '@shared/messages.ts';
import type { StayDoorCode } from '@shared/schemas/stay.ts';
import { firstUseBy } from './offline-codes.ts';

/**
 * The stay card's door code line (docs/decisions/030-smart-locks.md §9, §13): set (confirmed, or a
 * member's own), setting, failed with a backup code in use, failed with none, the lock offline
 * while the code waits, or "No door code for this stay" (the host turned it off, §4). Its notes: an
 * offline code's window on whole hours and its first-use rule, and an earlier offline code a move
 * or a cancellation left running (it cannot be withdrawn), and the delete dialog's warning for a
 * stay whose offline code would keep working. A stay without a code has no line.
 * Never the digits.
 */
export interface StayCodeLine {
  state: StayDoorCode | null;
  notes: string[];
  /** The delete dialog's warning: the stay's offline code keeps working after a deletion (§9), or null. */
  onDelete: string | null;
}

type Row = { stay_id: string | null; state: string; wanted: number; host_off: number; kind: string; online: number | null; confirmed_from: number | null; confirmed_until: number | null; seam_starts_at: number | null; seam_ends_at: number | null; seam_access_code_id: string | null };

function stateOf(row: Row): StayDoorCode | null {
  if (row.host_off === 1) return 'off';
  if (row.wanted === 0 || row.state === 'removing' || row.state === 'removed' || row.state === 'left') return null;
  if (row.state === 'confirmed' || row.state === 'manual') return 'set';
  if (row.state === 'backup' || row.state === 'failed') return row.state;
  return row.online === 0 ? 'offline' : 'setting';
}

export async function doorCodesOf(db: Kysely<Database>, stayIds: readonly string[], timeZone = 'UTC', now = Date.now()): Promise<Map<string, StayCodeLine>> {
  if (stayIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lock_codes')
    .leftJoin('lock_devices', 'lock_devices.id', 'lock_codes.device_id')
    .select(['lock_codes.stay_id', 'lock_codes.state', 'lock_codes.wanted', 'lock_codes.host_off', 'lock_codes.kind', 'lock_devices.online', 'lock_codes.confirmed_from', 'lock_codes.confirmed_until', 'lock_codes.seam_starts_at', 'lock_codes.seam_ends_at', 'lock_codes.seam_access_code_id'])
    .where('lock_codes.stay_id', 'in', stayIds)
    .where((eb) => eb.or([eb('lock_codes.state', 'not in', ['removed', 'left']), eb('lock_codes.host_off', '=', 1), eb.and([eb('lock_codes.state', '=', 'left'), eb('lock_codes.seam_ends_at', '>', now)])]))
    .orderBy('lock_codes.created_at')
    .execute();
  const at = (ms: number) => formatGuestDateTime(ms, timeZone, 'en');
  const day = (ms: number) => formatGuestDate(ms, timeZone, 'en');
  const lines = new Map<string, StayCodeLine>();
  for (const row of rows) {
    if (row.stay_id === null) continue;
    const line = lines.get(row.stay_id) ?? { state: null, notes: [], onDelete: null };
    const from = row.confirmed_from ?? row.seam_starts_at;
    const until = row.confirmed_until ?? row.seam_ends_at;
    // An offline code not wanted any more (left, or about to be: off, cancelled, moved) keeps working till its end.
    const running = row.kind === 'offline' && row.seam_access_code_id !== null && from !== null && until !== null && until > now;
    if (row.state === 'left' || (running && row.wanted === 0)) {
      if (row.host_off === 1) line.state = 'off';
      if (running) line.notes.push(messages.locks.leftCode(`${day(from)} – ${day(until)}`, at(until)));
    } else {
      line.state = stateOf(row) ?? line.state;
      const shown = row.kind === 'offline' && row.host_off === 0 && (row.state === 'confirmed' || row.state === 'manual') && from !== null && until !== null;
      if (row.kind === 'offline' && row.seam_access_code_id !== null && until !== null && until > now) line.onDelete = messages.locks.deleteLeavesCode(at(until));
      if (shown) {
        const firstUse = firstUseBy(from, until);
        line.notes.unshift(messages.locks.offlineCode(at(from), at(until), firstUse === null ? null : at(firstUse)));
      }
    }
    lines.set(row.stay_id, line);
  }
  return lines;
}
