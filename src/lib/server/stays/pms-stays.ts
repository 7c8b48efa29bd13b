import type { Kysely } from 'kysely';
import type { Database, StaysTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { PMS_LABELS, type PmsSystem } from '@shared/pms-systems.ts';
import { AppError } from '../http/app-error.ts';
import type { StayRow } from './to-stay.ts';

/**
 * What stays/ knows of a booking system's stays (docs/decisions/029-pms-connectors.md §8): which
 * system a stay came from, read from its integration's row (stays/ never imports pms/), and the
 * refusals of what the host may not change on it.
 */

/** The rows, each with the system of its integration (none for a stay by hand or from a feed). */
export async function withPmsSystems<T extends StaysTable>(db: Kysely<Database>, rows: T[]): Promise<Array<T & StayRow>> {
  const ids = [...new Set(rows.flatMap((row) => (row.pms_integration_id === null ? [] : [row.pms_integration_id])))];
  if (ids.length === 0) return rows;
  const systems = new Map((await db.selectFrom('pms_integrations').select(['id', 'system']).where('id', 'in', ids).execute()).map((row) => [row.id, row.system]));
  return rows.map((row) => ({ ...row, pms_system: row.pms_integration_id === null ? null : (systems.get(row.pms_integration_id) ?? null) }));
}

/** One row with the system of its integration. */
export async function withPmsSystem<T extends StaysTable>(db: Kysely<Database>, row: T): Promise<T & StayRow> {
  return (await withPmsSystems(db, [row]))[0] ?? row;
}

/**
 * The booking system a guidebook of `teamId` is mapped to, or null: the Stays view shows the
 * guest mails' setting only then (docs/decisions/029-pms-connectors.md §9).
 */
export async function guidebookPms(db: Kysely<Database>, teamId: string, guidebookId: string): Promise<{ system: PmsSystem; label: string } | null> {
  const row = await db
    .selectFrom('pms_units')
    .innerJoin('pms_integrations', 'pms_integrations.id', 'pms_units.integration_id')
    .select('pms_integrations.system')
    .where('pms_units.instruction_id', '=', guidebookId)
    .where('pms_units.team_id', '=', teamId)
    .executeTakeFirst();
  return row ? { system: row.system, label: PMS_LABELS[row.system] } : null;
}

/** The label of the system a stay came from, or null for a stay by hand or from a feed. */
async function pmsLabelOf(db: Kysely<Database>, row: StaysTable): Promise<string | null> {
  if (row.pms_reservation_id === null || row.pms_integration_id === null) return null;
  const integration = await db.selectFrom('pms_integrations').select('system').where('id', '=', row.pms_integration_id).executeTakeFirst();
  return integration ? PMS_LABELS[integration.system as PmsSystem] : null;
}

/** 409 when the host changes what a booking system's stay takes from the system: its dates, channel, name or e-mail. */
export async function refusePmsFields(db: Kysely<Database>, row: StaysTable, changes: { dates: boolean; channel: boolean; name: boolean; email: boolean }): Promise<void> {
  if (!changes.dates && !changes.channel && !changes.name && !changes.email) return;
  const label = await pmsLabelOf(db, row);
  if (label !== null) throw new AppError('CONFLICT', messages.stays.fromPms(label));
}

/** 409 on deleting a booking system's stay: the next read would bring it back. */
export async function refusePmsDelete(db: Kysely<Database>, row: StaysTable): Promise<void> {
  const label = await pmsLabelOf(db, row);
  if (label !== null) throw new AppError('CONFLICT', messages.stays.deleteFromPms(label));
}
