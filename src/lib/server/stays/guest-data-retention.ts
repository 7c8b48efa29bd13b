import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { recordActivity } from '../account/record-activity.ts';

const DAY_MS = 86_400_000;
/** Rows one statement erases: a team with years of history is erased in steps, never in one long write. */
export const ERASE_BATCH = 500;

/** The "guest data retention" job's turn (start/background-jobs.ts). */
export const GUEST_DATA_TURN_MS = 6 * 60 * 60_000;

/**
 * Guests' details a booking system brought are erased `days` after check-out
 * (docs/decisions/029-pms-connectors.md §10, docs/security.md): on every stay holding a
 * `pms_reservation_id` whose check-out is more than `days` days past, the name, e-mail, phone and
 * head count are blanked and `guest_data_erased_at` set (which a later read of the booking system
 * never fills again). The stay stays as history: dates, channel, opens, orders. Stays added by hand
 * or from a calendar feed are not touched. One transaction per team, `ERASE_BATCH` rows a
 * statement, with one activity line for the team. Calendar tombstones past their time are deleted
 * in the same turn (they hold no guest data, and nothing else sweeps them). Answers how many
 * stays were erased.
 */
export async function eraseGuestData(db: Kysely<Database>, days: number, now = Date.now()): Promise<number> {
  const before = now - days * DAY_MS;
  const teams = await staysDue(db, before).select('team_id').distinct().execute();
  let erased = 0;
  for (const { team_id: teamId } of teams) {
    erased += await db.transaction().execute(async (trx) => {
      let count = 0;
      for (;;) {
        const batch = staysDue(trx, before).select('id').where('team_id', '=', teamId).limit(ERASE_BATCH);
        const result = await trx
          .updateTable('stays')
          .set({ guest_name: '', guest_email: '', guest_phone: '', guest_count: null, guest_data_erased_at: now, updated_at: now })
          .where('id', 'in', batch)
          .executeTakeFirst();
        const rows = Number(result.numUpdatedRows);
        count += rows;
        if (rows < ERASE_BATCH) break;
      }
      if (count > 0) await recordActivity(trx, { teamId, by: { actor: 'system' }, action: 'stay.guest-data-erased', details: { stays: count, days }, now });
      return count;
    });
  }
  await db.deleteFrom('calendar_tombstones').where('until', '<=', now).execute();
  return erased;
}

/** A booking system's stays whose guest details are due for erasure: checked out before `before`, not erased yet. */
const staysDue = (db: Kysely<Database>, before: number) =>
  db.selectFrom('stays').where('pms_reservation_id', 'is not', null).where('guest_data_erased_at', 'is', null).where('check_out', '<', before);
