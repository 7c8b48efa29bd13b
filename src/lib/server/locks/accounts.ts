import type { Kysely, Selectable } from 'kysely';
import type { Database, LockAccountsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { LockAccountView, LocksView } from '@shared/schemas/locks.ts';
import type { TeamAccess, TeamScope } from '../account/team-access.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { noteAccountState } from './device-events.ts';
import { assignableGuidebooks, deviceViews, storeDevices } from './devices.ts';
import type { SeamSettings } from './lock-config.ts';
import { teamHasLocks } from './lock-config.ts';
import { lapseDisconnectsAt, lapseFacts } from './plan-lapse.ts';
import { seamCalls, seamKeyRefused, type SeamAccount, type SeamDevice } from './seam-client.ts';

/**
 * Lock accounts (docs/decisions/030-smart-locks.md §3): connected through a Seam Connect Webview
 * that a team's attempt started (the only way an account becomes a team's), refreshed, and
 * disconnected. Every read finds an account by `team_id` first: another team's is a 404.
 */

/** Seam's failure in the host's words (502); Seam's own text goes to the log only. */
export function seamUnreachable(cause: unknown): AppError {
  return new AppError('BAD_GATEWAY', messages.locks.unreachable, { cause });
}

export async function findTeamAccount(access: TeamScope, id: string): Promise<Selectable<LockAccountsTable>> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('lock_accounts').selectAll().where('id', '=', id).where('team_id', '=', access.teamId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', messages.locks.notFound);
  return row;
}

/** The Smart locks screen: whether the plan has locks, each account with its locks, and the guidebooks. */
export async function listLocks(access: TeamScope): Promise<LocksView> {
  const { db } = await getRuntime();
  const included = await teamHasLocks(access);
  const rows = await db
    .selectFrom('lock_accounts')
    .leftJoin('users', 'users.id', 'lock_accounts.connected_by')
    .selectAll('lock_accounts')
    .select('users.name as connected_by_name')
    .where('lock_accounts.team_id', '=', access.teamId)
    .orderBy('lock_accounts.created_at')
    .orderBy('lock_accounts.id')
    .execute();
  const devices = await deviceViews(access, rows.map((row) => row.id));
  const accounts: LockAccountView[] = rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    label: row.provider_label,
    state: row.state,
    connectedBy: row.connected_by_name,
    createdAt: row.created_at,
    devices: devices.get(row.id) ?? [],
  }));
  const disconnectsAt = included || rows.length === 0 ? null : lapseDisconnectsAt(await lapseFacts(db, access.teamId, rows, Date.now()));
  return { included, keyRefused: seamKeyRefused(), accounts, disconnectsAt, guidebooks: await assignableGuidebooks(access) };
}

/** Reads the account and its devices at Seam: 502 when Seam does not answer. */
export async function readAccount(settings: SeamSettings, seamAccountId: string): Promise<{ account: SeamAccount; devices: SeamDevice[] }> {
  try {
    const account = await seamCalls.getAccount(settings, seamAccountId);
    return { account, devices: await seamCalls.listDevices(settings, seamAccountId) };
  } catch (error) {
    throw seamUnreachable(error);
  }
}

/** The account's columns Seam decides. */
export function accountColumns(account: SeamAccount, now: number) {
  const errors = account.errors.map((error) => error.error_code);
  const disconnected = errors.includes('account_disconnected');
  return {
    provider: (account.account_type ?? 'lock').slice(0, 100),
    provider_label: (account.account_type_display_name || 'Lock account').slice(0, 100),
    state: disconnected ? ('disconnected' as const) : ('connected' as const),
    error_codes: errors.join(','),
    updated_at: now,
  };
}

/** Seam's read of an account and its locks, written in the caller's transaction; a disconnection or a lock's change noted (device-events.ts). */
export async function storeAccount(trx: Kysely<Database>, row: Selectable<LockAccountsTable>, account: SeamAccount, devices: readonly SeamDevice[] | null, now: number): Promise<void> {
  const columns = accountColumns(account, now);
  await trx.updateTable('lock_accounts').set({ ...columns, disconnected_at: columns.state === 'disconnected' ? (row.disconnected_at ?? now) : null }).where('id', '=', row.id).execute();
  await noteAccountState(trx, row, columns.state, now);
  if (devices) await storeDevices(trx, { teamId: row.team_id, accountId: row.id }, devices, now);
}

/** "Refresh" (§3.6): re-reads the account and its locks. */
export async function refreshAccount(access: TeamAccess, settings: SeamSettings, id: string): Promise<{ message: string }> {
  const { db, outbox } = await getRuntime();
  const row = await findTeamAccount(access, id);
  const { account, devices } = await readAccount(settings, row.seam_connected_account_id);
  await db.transaction().execute((trx) => storeAccount(trx, row, account, devices, Date.now()));
  outbox.kick();
  return { message: messages.locks.refreshed(row.provider_label) };
}

/**
 * Deletes an account at Seam, then its rows (devices and assignments by cascade), with what `also`
 * writes in the same transaction. A Seam failure is logged by its status and does not keep the rows:
 * the account id is kept in `lock_account_removals` for the job to delete later.
 */
export async function removeAccount(settings: SeamSettings, row: Selectable<LockAccountsTable>, also?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  const { db, log } = await getRuntime();
  let removedAtSeam = true;
  try {
    await seamCalls.deleteAccount(settings, row.seam_connected_account_id);
  } catch (error) {
    removedAtSeam = false;
    log.warn({ err: error, accountId: row.id }, 'locks: account not deleted at Seam; kept for a later try');
  }
  await db.transaction().execute(async (trx) => {
    if (!removedAtSeam) {
      await trx
        .insertInto('lock_account_removals')
        .values({ seam_connected_account_id: row.seam_connected_account_id, next_attempt_at: Date.now() + 60 * 60 * 1000 })
        .onConflict((conflict) => conflict.column('seam_connected_account_id').doNothing())
        .execute();
    }
    await trx.deleteFrom('lock_accounts').where('id', '=', row.id).where('team_id', '=', row.team_id).execute();
    await also?.(trx);
  });
  log.info({ teamId: row.team_id, accountId: row.id }, 'locks: account disconnected');
}

/** "Disconnect" (§3.7), on any plan: a team whose plan lapsed may still take Porchlight off its locks. */
export async function disconnectAccount(access: TeamAccess, settings: SeamSettings, id: string): Promise<{ message: string }> {
  const row = await findTeamAccount(access, id);
  await removeAccount(settings, row);
  return { message: messages.locks.disconnected(row.provider_label) };
}
