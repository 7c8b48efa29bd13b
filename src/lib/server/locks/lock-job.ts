import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import { changeCodeState } from './code-transitions.ts';
import { deleteOrphanCodes, retryAccountRemovals } from './daily-repairs.ts';
import { kickLockCodes } from './code-kick.ts';
import { lapseLockAccounts } from './lapse-pass.ts';
import { locksOffReason } from './lock-config.ts';
import { markStayCodes } from './mark-stay-codes.ts';

/**
 * The "lock codes" job (docs/decisions/030-smart-locks.md §6, §7), one server's turn at a time under
 * the job lease: codes past their deadline made due at once (the worker, under each code's lease,
 * reads them once more and falls back to a backup code or gives up, mailing the host); codes whose
 * stay has ended closed (`ended`: Seam removes a time-bound code at its end itself); digits blanked
 * STAY_LINK_DAYS after check-out; and once a day the daily pass, which marks every upcoming stay of
 * a locked guidebook again, so a writer that forgot its marking costs at most a day, retries the
 * deletion of accounts Seam kept and deletes codes orphaned at Seam (daily-repairs.ts), and
 * disconnects the accounts of teams whose plan lapsed, a week after mailing them (lapse-pass.ts);
 * webhook inbox rows processed a week ago are deleted.
 */
export const LOCK_JOB_EVERY_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export async function runLockJob(now = Date.now()): Promise<void> {
  const { db, config, log } = await getRuntime();
  if (locksOffReason(config) !== undefined) return;
  const late = await db.updateTable('lock_codes').set({ due_at: now }).where('state', 'in', ['due', 'sent', 'trouble']).where('wanted', '=', 1).where('deadline_at', '<=', now).where('due_at', '>', now).executeTakeFirst();
  if (Number(late.numUpdatedRows) > 0) kickLockCodes();
  const ended = await db.selectFrom('lock_codes').select(['id', 'state']).where('state', 'not in', ['removed', 'left', 'removing']).where('want_until', '<=', now).limit(500).execute();
  for (const row of ended) await changeCodeState(db, row, 'ended', { now, set: { due_at: null } });
  await db.updateTable('lock_codes').set({ code_key_id: null, code_iv: null, code_ct: null }).where('state', 'in', ['removed', 'left']).where('want_until', '<=', now - config.stayLinkDays * DAY_MS).where('code_ct', 'is not', null).execute();
  // Seam's webhooks worked (or dropped) a week ago: nothing more to learn from them (§4).
  await db.deleteFrom('lock_webhook_inbox').where('processed_at', '<=', now - 7 * DAY_MS).execute();
  if (await dailyPass(db, now)) {
    await retryAccountRemovals(db, config.seam!, now);
    const orphans = await deleteOrphanCodes(db, config.seam!);
    const lapsed = await lapseLockAccounts(db, config.seam!, now);
    log.info({ orphans, lapseMailed: lapsed.mailed, lapseDisconnected: lapsed.disconnected }, 'locks: daily pass done');
  }
}

/** Once a day (the first turn of a UTC day on any server): every upcoming stay of a locked guidebook marked again; true when this turn claimed the day. */
async function dailyPass(db: Kysely<Database>, now: number): Promise<boolean> {
  const day = Math.floor(now / DAY_MS);
  const claimed = await db
    .insertInto('record_locks')
    .values({ key: `lock-daily:${day}`, holder: 'daily-pass', expires_at: now + 2 * DAY_MS })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return false;
  await db.deleteFrom('record_locks').where('key', 'like', 'lock-daily:%').where('expires_at', '<', now).execute();
  const stays = await db
    .selectFrom('stays')
    .innerJoin('lock_assignments', 'lock_assignments.instruction_id', 'stays.instruction_id')
    .select('stays.id')
    .where('stays.check_out', '>', now)
    .execute();
  for (let at = 0; at < stays.length; at += 200) {
    await db.transaction().execute((trx) => markStayCodes(trx, stays.slice(at, at + 200).map((stay) => stay.id), { now }));
  }
  return true;
}
