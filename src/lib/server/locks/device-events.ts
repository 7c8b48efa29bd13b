import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { recordActivity } from '../account/record-activity.ts';
import { teamContactEmail } from '../account/team-contact.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { MailMessage } from '../platform/mail/compose-mail.ts';
import { getRuntime } from '../platform/runtime.ts';
import { kickLockCodes } from './code-kick.ts';
import { accountDisconnectedMail, lockGoneMail, lockOfflineMail } from './lock-event-mails.ts';
import { markStayCodes } from './mark-stay-codes.ts';

/**
 * What Seam reports of a lock or an account, however it was learnt (a webhook's re-read, Refresh,
 * the daily pass): a lock offline, back online or removed, an account that needs its password
 * again (docs/decisions/030-smart-locks.md §3, §12). Each occurrence mails the team's contact once,
 * claimed by compare-and-set on `offline_mailed_at`, `gone_at` or `disconnect_mailed_at` in the
 * caller's transaction (cleared when it is over), and writes an activity line.
 */

const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
const by = { actor: 'system' } as const;

/** "Dana, Fri 12 Mar 15:00" for each check-in of the next 7 days on the given locks, earliest first. */
async function arrivalsOn(trx: Kysely<Database>, deviceIds: readonly string[], now: number): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const stays = await trx
    .selectFrom('stays')
    .innerJoin('lock_assignments', 'lock_assignments.instruction_id', 'stays.instruction_id')
    .innerJoin('instructions', 'instructions.id', 'stays.instruction_id')
    .select(['stays.guest_name', 'stays.check_in', 'instructions.data'])
    .where('lock_assignments.device_id', 'in', deviceIds)
    .where('stays.check_in', '>=', now)
    .where('stays.check_in', '<', now + WEEK_MS)
    .orderBy('stays.check_in')
    .limit(20)
    .execute();
  return stays.map((stay) => `${stay.guest_name.split(' ')[0] || 'A guest'}, ${formatGuestDateTime(stay.check_in, parseStoredContent(stay.data).timeZone, 'en')}`);
}

/** A mail to the team's contact in the caller's transaction (the caller kicks the outbox after the commit). */
export async function mailTeam(trx: Kysely<Database>, teamId: string, message: (to: string, urls: { locksUrl: string; since: (at: number) => string }) => MailMessage): Promise<void> {
  const { outbox, config } = await getRuntime();
  const to = await teamContactEmail(trx, teamId);
  if (!to) return;
  await outbox.enqueue(message(to, { locksUrl: new URL('/dashboard/locks', config.appUrl).href, since: (at) => formatGuestDateTime(at, 'UTC', 'en') + ' UTC' }), trx);
}

export interface DeviceBefore {
  id: string;
  team_id: string;
  name: string;
  online: number;
  offline_since: number | null;
  offline_mailed_at: number | null;
}

/**
 * After a device's columns were written from Seam's read: gone offline (and not yet mailed for
 * this outage) → mailed and a line; back online after a mailed outage → the claim cleared, a line, and
 * the lock's live codes looked at again now.
 */
export async function noteDeviceOnline(trx: Kysely<Database>, before: DeviceBefore, online: 0 | 1, now: number): Promise<void> {
  if (online === 0) {
    // A lock already offline when it was connected is shown on the screen, not mailed.
    if (before.online === 0) return;
    const claimed = await trx.updateTable('lock_devices').set({ offline_mailed_at: now }).where('id', '=', before.id).where('offline_mailed_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await recordActivity(trx, { teamId: before.team_id, by, action: 'lock.offline', details: { source: 'seam', lock: before.name }, now });
    const arrivals = await arrivalsOn(trx, [before.id], now);
    await mailTeam(trx, before.team_id, (to, urls) => lockOfflineMail({ to, lock: before.name, since: urls.since(before.offline_since ?? now), arrivals, locksUrl: urls.locksUrl }));
    return;
  }
  if (before.offline_mailed_at === null && before.online === 1) return;
  await trx.updateTable('lock_devices').set({ offline_mailed_at: null }).where('id', '=', before.id).execute();
  if (before.offline_mailed_at !== null) await recordActivity(trx, { teamId: before.team_id, by, action: 'lock.online', details: { source: 'seam', lock: before.name }, now });
  await trx.updateTable('lock_codes').set({ due_at: now }).where('device_id', '=', before.id).where('state', 'in', ['due', 'sent', 'trouble']).execute();
  kickLockCodes();
}

/**
 * Locks Seam no longer has (`device.removed`, a 404, or no longer listed for their account): gone,
 * unassigned, the upcoming stays of the guidebooks they opened marked (their codes unwanted, so
 * removed), the host mailed once per lock (the claim is `gone_at`).
 */
export async function devicesGone(trx: Kysely<Database>, deviceIds: readonly string[], now: number): Promise<void> {
  for (const id of deviceIds) {
    const device = await trx.updateTable('lock_devices').set({ gone_at: now, updated_at: now }).where('id', '=', id).where('gone_at', 'is', null).returning(['id', 'team_id', 'name']).executeTakeFirst();
    if (!device) continue;
    const arrivals = await arrivalsOn(trx, [id], now);
    const assigned = await trx.selectFrom('lock_assignments').select('instruction_id').where('device_id', '=', id).execute();
    await trx.deleteFrom('lock_assignments').where('device_id', '=', id).execute();
    if (assigned.length > 0) {
      const stays = await trx.selectFrom('stays').select('id').where('instruction_id', 'in', assigned.map((row) => row.instruction_id)).where('check_out', '>', now).execute();
      await markStayCodes(trx, stays.map((stay) => stay.id), { now });
    }
    await recordActivity(trx, { teamId: device.team_id, by, action: 'lock.gone', details: { source: 'seam', lock: device.name }, now });
    await mailTeam(trx, device.team_id, (to, urls) => lockGoneMail({ to, lock: device.name, since: urls.since(now), arrivals, locksUrl: urls.locksUrl }));
  }
}

/** After an account's state was written from Seam's read: disconnected → mailed once per outage and a line; connected again → the claim cleared. */
export async function noteAccountState(trx: Kysely<Database>, account: { id: string; team_id: string; provider_label: string }, state: 'connected' | 'disconnected', now: number): Promise<void> {
  if (state === 'connected') {
    await trx.updateTable('lock_accounts').set({ disconnect_mailed_at: null }).where('id', '=', account.id).where('disconnect_mailed_at', 'is not', null).execute();
    return;
  }
  const claimed = await trx.updateTable('lock_accounts').set({ disconnect_mailed_at: now }).where('id', '=', account.id).where('disconnect_mailed_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  await recordActivity(trx, { teamId: account.team_id, by, action: 'lock-account.disconnected', details: { source: 'seam', account: account.provider_label }, now });
  const devices = await trx.selectFrom('lock_devices').select('id').where('account_id', '=', account.id).where('gone_at', 'is', null).execute();
  const arrivals = await arrivalsOn(trx, devices.map((device) => device.id), now);
  await mailTeam(trx, account.team_id, (to, urls) => accountDisconnectedMail({ to, account: account.provider_label, since: urls.since(now), arrivals, locksUrl: urls.locksUrl }));
}
