import type { Kysely, Selectable } from 'kysely';
import type { Database, LockAccountsTable } from '@db/schema.ts';
import { formatGuestDate } from '@shared/guest-dates.ts';
import { planIncludesLocks } from '@shared/plans.ts';
import { recordActivity } from '../account/record-activity.ts';
import { getTeamPlanIn } from '../account/team-plan.ts';
import { getRuntime } from '../platform/runtime.ts';
import { removeAccount } from './accounts.ts';
import { mailTeam } from './device-events.ts';
import { lapseMail } from './lock-event-mails.ts';
import type { SeamSettings } from './lock-config.ts';
import { LAPSE_NOTICE_MS, lapseDisconnectsAt, lapseFacts } from './plan-lapse.ts';

/**
 * The daily pass's turn at teams whose plan no longer includes smart locks
 * (docs/decisions/030-smart-locks.md §14): the lapse noted when first seen, the team mailed once a
 * week before its accounts go, and on that day each account disconnected as the Owner's Disconnect
 * would, with an activity line. A team back on a plan with locks has both cleared.
 */

const DAY_MS = 24 * 60 * 60_000;
/** The pass runs at the start of a UTC day: a date falls due on its day, as the mail states it. */
const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

/** The teams mailed and the accounts disconnected, for the pass's log line. */
export interface LapseCounts {
  mailed: number;
  disconnected: number;
}

export async function lapseLockAccounts(db: Kysely<Database>, settings: SeamSettings, now: number): Promise<LapseCounts> {
  const { log } = await getRuntime();
  const counts: LapseCounts = { mailed: 0, disconnected: 0 };
  const teams = await db.selectFrom('lock_accounts').select('team_id').distinct().execute();
  for (const { team_id: teamId } of teams) {
    try {
      await lapseTeam(db, settings, teamId, now, counts);
    } catch (error) {
      log.warn({ err: error, teamId }, 'locks: a lapsed team’s accounts not looked at; tried again tomorrow');
    }
  }
  return counts;
}

async function lapseTeam(db: Kysely<Database>, settings: SeamSettings, teamId: string, now: number, counts: LapseCounts): Promise<void> {
  if (planIncludesLocks(await getTeamPlanIn(db, teamId))) {
    await db.updateTable('lock_accounts').set({ lapsed_at: null, lapse_mailed_at: null }).where('team_id', '=', teamId).where('lapsed_at', 'is not', null).execute();
    return;
  }
  await db.updateTable('lock_accounts').set({ lapsed_at: now }).where('team_id', '=', teamId).where('lapsed_at', 'is', null).execute();
  const accounts = await db.selectFrom('lock_accounts').selectAll().where('team_id', '=', teamId).orderBy('created_at').orderBy('id').execute();
  const facts = await lapseFacts(db, teamId, accounts, now);
  const at = lapseDisconnectsAt(facts);
  if (facts.mailedAt === null) {
    if (now >= dayOf(at - LAPSE_NOTICE_MS) && (await mailLapse(db, teamId, accounts, lapseDisconnectsAt({ ...facts, mailedAt: now }), now))) counts.mailed += 1;
    return;
  }
  if (now < dayOf(at)) return;
  for (const account of accounts) {
    await removeAccount(settings, account, (trx) => recordActivity(trx, { teamId, by: { actor: 'system' }, action: 'lock-account.removed', details: { why: 'plan', account: account.provider_label }, now }));
    counts.disconnected += 1;
  }
}

/** The one mail, claimed by compare-and-set on `lapse_mailed_at` (two servers' passes send it once); true when this one sent it. */
async function mailLapse(db: Kysely<Database>, teamId: string, accounts: ReadonlyArray<Selectable<LockAccountsTable>>, at: number, now: number): Promise<boolean> {
  const { outbox } = await getRuntime();
  const sent = await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('lock_accounts').set({ lapse_mailed_at: now }).where('team_id', '=', teamId).where('lapse_mailed_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const on = formatGuestDate(at, 'UTC', 'en');
    await mailTeam(trx, teamId, (to, urls) => lapseMail({ to, accounts: accounts.map((account) => account.provider_label), on, locksUrl: urls.locksUrl }));
    return true;
  });
  outbox.kick();
  return sent;
}
