import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { AssignmentInput, LockDeviceView } from '@shared/schemas/locks.ts';
import type { TeamAccess, TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { AppError } from '../http/app-error.ts';
import { jsonTextField } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { devicesGone, noteDeviceOnline } from './device-events.ts';
import { markStayCodes } from './mark-stay-codes.ts';
import type { SeamDevice } from './seam-client.ts';

/**
 * A team's locks and what they open (docs/decisions/030-smart-locks.md §3, §4): what Seam reports
 * of each device (capabilities, online), stored by its Seam id, and one lock per guidebook
 * (`lock_assignments` keyed by the guidebook); giving or taking a lock marks the guidebooks' upcoming stays' codes.
 */

const flag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/** The columns Seam's device decides, for an insert or an update. */
function reported(device: SeamDevice, now: number, before: { online: number; offline_since: number | null } | undefined) {
  const online = flag(device.properties.online);
  return {
    name: device.display_name.slice(0, 200),
    model: (device.properties.model?.display_name ?? '').slice(0, 200),
    online_codes: flag(device.can_program_online_access_codes),
    offline_codes: flag(device.can_program_offline_access_codes),
    backup_pool: flag(device.properties.supports_backup_access_code_pool),
    online,
    offline_since: online ? null : before && before.online === 0 ? before.offline_since : now,
    error_codes: device.errors.map((error) => error.error_code).join(','),
    warning_codes: device.warnings.map((warning) => warning.warning_code).join(','),
    gone_at: null,
    seen_at: now,
    updated_at: now,
  };
}

/**
 * Writes an account's devices as Seam lists them, in the caller's transaction: new ones added,
 * known ones updated (a lock gone offline or back noted, device-events.ts), those Seam no longer
 * lists gone: unassigned, their stays' codes unwanted, the host mailed (§3). `wholeList: false`:
 * `devices` is one lock's read (a webhook's), not the account's list.
 */
export async function storeDevices(trx: Kysely<Database>, ids: { teamId: string; accountId: string }, devices: readonly SeamDevice[], now: number, { wholeList = true } = {}): Promise<void> {
  const known = await trx.selectFrom('lock_devices').select(['id', 'team_id', 'name', 'seam_device_id', 'online', 'offline_since', 'offline_mailed_at', 'gone_at']).where('account_id', '=', ids.accountId).execute();
  const bySeamId = new Map(known.map((row) => [row.seam_device_id, row]));
  for (const device of devices) {
    const before = bySeamId.get(device.device_id);
    if (before) {
      const columns = reported(device, now, before);
      await trx.updateTable('lock_devices').set(columns).where('id', '=', before.id).execute();
      await noteDeviceOnline(trx, before, columns.online, now);
    } else await trx.insertInto('lock_devices').values({ id: nanoid(), team_id: ids.teamId, account_id: ids.accountId, seam_device_id: device.device_id, created_at: now, ...reported(device, now, undefined) }).execute();
  }
  const listed = new Set(devices.map((device) => device.device_id));
  if (wholeList) await devicesGone(trx, known.filter((row) => !listed.has(row.seam_device_id)).map((row) => row.id), now);
}

/** A lock given or taken: the upcoming stays of the guidebooks it opened or opens get their codes marked (§3.5, §4). */
async function markGuidebookStays(trx: Kysely<Database>, instructionIds: readonly string[], now = Date.now()): Promise<void> {
  if (instructionIds.length === 0) return;
  const stays = await trx.selectFrom('stays').select('id').where('instruction_id', 'in', instructionIds).where('check_out', '>', now).execute();
  await markStayCodes(trx, stays.map((stay) => stay.id), { now });
}

/** The team's devices of the given accounts, as the screen lists them, with the guidebooks each opens. */
export async function deviceViews(access: TeamScope, accountIds: readonly string[]): Promise<Map<string, LockDeviceView[]>> {
  const { db } = await getRuntime();
  const byAccount = new Map<string, LockDeviceView[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db.selectFrom('lock_devices').selectAll().where('team_id', '=', access.teamId).where('account_id', 'in', accountIds).where('gone_at', 'is', null).orderBy('name').orderBy('id').execute();
  const assignments = await db.selectFrom('lock_assignments').select(['device_id', 'instruction_id']).where('team_id', '=', access.teamId).execute();
  for (const row of rows) {
    const view: LockDeviceView = {
      id: row.id,
      name: row.name,
      model: row.model,
      online: row.online === 1,
      offlineSince: row.offline_since,
      onlineCodes: row.online_codes === 1,
      offlineCodes: row.offline_codes === 1,
      backupPool: row.backup_pool === 1,
      warnings: row.warning_codes ? row.warning_codes.split(',') : [],
      guidebookIds: assignments.filter((assignment) => assignment.device_id === row.id).map((assignment) => assignment.instruction_id),
    };
    byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), view]);
  }
  return byAccount;
}

/** The team's guidebooks not in the trash, by name: what a lock may open. */
export async function assignableGuidebooks(access: TeamScope): Promise<Array<{ id: string; name: string }>> {
  const { db, dialect } = await getRuntime();
  const rows = await db.selectFrom('instructions').select(['id', jsonTextField(dialect, 'data', 'nameInstruction').as('name')]).where('team_id', '=', access.teamId).where('deleted_at', 'is', null).execute();
  return rows.map((row) => ({ id: row.id, name: row.name || 'Untitled guidebook' })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * Sets the guidebook a lock opens, or none (§3.5): the device and the guidebook must be the team's
 * (404 otherwise); a guidebook has one lock, so assigning takes it from the lock it had.
 */
export async function assignDevice(access: TeamAccess, deviceId: string, input: AssignmentInput): Promise<{ message: string }> {
  const { db } = await getRuntime();
  const device = await db.selectFrom('lock_devices').select(['id', 'name', 'online_codes', 'offline_codes']).where('id', '=', deviceId).where('team_id', '=', access.teamId).where('gone_at', 'is', null).executeTakeFirst();
  if (!device) throw new AppError('NOT_FOUND', messages.locks.notFound);
  if (input.instructionId === null) {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('lock_assignments').select('instruction_id').where('device_id', '=', device.id).where('team_id', '=', access.teamId).execute();
      await trx.deleteFrom('lock_assignments').where('device_id', '=', device.id).where('team_id', '=', access.teamId).execute();
      await markGuidebookStays(trx, before.map((row) => row.instruction_id));
    });
    return { message: messages.locks.unassigned(device.name) };
  }
  const guidebook = await findTeamGuidebook({ access, id: input.instructionId }).catch(() => {
    throw new AppError('NOT_FOUND', messages.locks.guidebookNotFound);
  });
  if (device.online_codes === 0 && device.offline_codes === 0) throw new AppError('UNPROCESSABLE', messages.locks.cannotTakeCodes);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    // The select holds one guidebook per lock: the lock's other guidebooks are let go.
    const before = await trx.selectFrom('lock_assignments').select('instruction_id').where('device_id', '=', device.id).execute();
    await trx.deleteFrom('lock_assignments').where('device_id', '=', device.id).where('instruction_id', '!=', guidebook.id).execute();
    await trx
      .insertInto('lock_assignments')
      .values({ instruction_id: guidebook.id, device_id: device.id, team_id: access.teamId, assigned_by: access.userId, assigned_at: now })
      .onConflict((conflict) => conflict.column('instruction_id').doUpdateSet({ device_id: device.id, assigned_by: access.userId, assigned_at: now }))
      .execute();
    await markGuidebookStays(trx, [guidebook.id, ...before.map((row) => row.instruction_id)], now);
  });
  const name = (JSON.parse(guidebook.data) as { nameInstruction?: string }).nameInstruction || 'Untitled guidebook';
  return { message: messages.locks.assigned(device.name, name) };
}
