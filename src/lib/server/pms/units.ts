import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database, PmsIntegrationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { UnitMapping, UnitView } from '@shared/schemas/integrations.ts';
import type { TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { AppError } from '../http/app-error.ts';
import { jsonTextField, lockForTransaction } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { SecretBoxError } from '../platform/secret-box.ts';
import { contextFor } from './access.ts';
import type { PmsUnit } from './adapter.ts';
import { integrationsKeyRing, openCredentials } from './credentials.ts';
import { findTeamIntegration, pmsFailure } from './integrations.ts';
import { isPmsError } from './pms-error.ts';
import { adapterFor } from './pms-systems.ts';
import { releaseStays } from './release-stays.ts';
import { markReconnect } from './sync-outcome.ts';

/**
 * A system's properties (units) and what each is mapped to (docs/decisions/029-pms-connectors.md
 * §4, §14): a guidebook, "not in Porchlight" (`skipped`), or neither yet. A guidebook is one unit
 * of one system (the partial UNIQUE index), so a save that would give it two answers 409.
 */

/** The stored units with their guidebooks' names, as the screen lists them. */
async function storedUnits(integrationId: string): Promise<UnitView[]> {
  const { db, dialect } = await getRuntime();
  const rows = await db
    .selectFrom('pms_units')
    .leftJoin('instructions', 'instructions.id', 'pms_units.instruction_id')
    .select(['pms_units.id', 'pms_units.external_id', 'pms_units.name', 'pms_units.instruction_id', 'pms_units.skipped', jsonTextField(dialect, 'instructions.data', 'nameInstruction').as('guidebook_name')])
    .where('pms_units.integration_id', '=', integrationId)
    .orderBy('pms_units.name')
    .orderBy('pms_units.id')
    .execute();
  return rows.map((row) => ({ id: row.id, externalId: row.external_id, name: row.name, guidebookId: row.instruction_id, guidebookName: row.guidebook_name ?? null, skipped: row.skipped === 1 }));
}

/** The system's units as it lists them now: a new one kept undecided, a known one by its new name; one gone keeps its row (§5, 3). */
export async function storeUnits(trx: Kysely<Database>, row: Pick<PmsIntegrationsTable, 'id' | 'team_id'>, units: PmsUnit[], now: number): Promise<void> {
  for (const unit of units) {
    await trx
      .insertInto('pms_units')
      .values({ id: nanoid(), integration_id: row.id, team_id: row.team_id, external_id: unit.id, name: unit.name, instruction_id: null, skipped: 0, seen_at: now, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.columns(['integration_id', 'external_id']).doUpdateSet({ name: unit.name, seen_at: now }))
      .execute();
  }
}

/** Reads the system's properties, keeps new ones as undecided and renamed ones by their new name, and lists them all. */
export async function listUnits(access: TeamScope, id: string): Promise<UnitView[]> {
  const { config, db } = await getRuntime();
  const ring = integrationsKeyRing(config);
  const row = await findTeamIntegration(access, id);
  const adapter = adapterFor(row.system);
  let secrets: unknown;
  try {
    secrets = adapter.secretsOf(openCredentials(ring, row).secrets);
  } catch (error) {
    if (!(error instanceof SecretBoxError) && !isPmsError(error)) throw error;
    await markReconnect(row, messages.integrations.cannotRead, 'unreadable');
    throw new AppError('CONFLICT', messages.integrations.cannotRead, { cause: error.message });
  }
  let units: Awaited<ReturnType<typeof adapter.units>>;
  try {
    units = await adapter.units(contextFor(config, ring, row, adapter, secrets));
  } catch (error) {
    const answer = pmsFailure(error, adapter);
    if (isPmsError(error) && error.failure === 'bad-credentials') await markReconnect(row, answer.message, 'refused');
    throw answer;
  }
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await storeUnits(trx, row, units, now);
    await trx.updateTable('pms_integrations').set({ state: 'active', last_error: null, last_success_at: now, updated_at: now }).where('id', '=', row.id).execute();
  });
  return storedUnits(row.id);
}

/** Checks a save against itself: each unit once, each guidebook once. */
function checkSave(mapping: UnitMapping): void {
  const unitIds = mapping.units.map((unit) => unit.id);
  if (new Set(unitIds).size !== unitIds.length) throw new AppError('BAD_REQUEST', messages.integrations.unitTwice);
  const guidebookIds = mapping.units.flatMap((unit) => (unit.guidebookId ? [unit.guidebookId] : []));
  if (new Set(guidebookIds).size !== guidebookIds.length) throw new AppError('BAD_REQUEST', messages.integrations.guidebookTwice);
}

/** Saves what each unit of the save is mapped to; units the save leaves out keep theirs; a unit moved off its guidebook leaves its stays there as the host's own. */
export async function mapUnits(access: TeamScope, id: string, mapping: UnitMapping): Promise<UnitView[]> {
  const { config, db, dialect } = await getRuntime();
  integrationsKeyRing(config);
  const row = await findTeamIntegration(access, id);
  checkSave(mapping);
  // Each guidebook the team's (and, for an Editor, granted; routes allow Owner and Admin only), not in the trash: else 404.
  for (const unit of mapping.units) if (unit.guidebookId) await findTeamGuidebook({ access, id: unit.guidebookId });
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    // One mapping save of a team at a time: the taken-guidebook check below cannot race another save.
    await lockForTransaction(trx, dialect, `pms-units:${access.teamId}`);
    const ids = mapping.units.map((unit) => unit.id);
    const known = await trx.selectFrom('pms_units').select('id').where('integration_id', '=', row.id).where('id', 'in', ids).execute();
    if (known.length !== ids.length) throw new AppError('NOT_FOUND', messages.integrations.unitNotFound);
    const wanted = mapping.units.flatMap((unit) => (unit.guidebookId ? [unit.guidebookId] : []));
    if (wanted.length > 0) {
      const taken = await trx
        .selectFrom('pms_units')
        .innerJoin('instructions', 'instructions.id', 'pms_units.instruction_id')
        .select(jsonTextField(dialect, 'instructions.data', 'nameInstruction').as('name'))
        .where('pms_units.instruction_id', 'in', wanted)
        .where('pms_units.id', 'not in', ids)
        .executeTakeFirst();
      if (taken) throw new AppError('CONFLICT', messages.integrations.guidebookTaken(taken.name || 'This guidebook'));
    }
    // A unit leaving its guidebook leaves its stays there as the host's own (§7).
    const before = await trx.selectFrom('pms_units').select(['id', 'instruction_id']).where('id', 'in', ids).execute();
    for (const unit of before) {
      const next = mapping.units.find((each) => each.id === unit.id)!;
      if (unit.instruction_id !== null && unit.instruction_id !== next.guidebookId) await releaseStays(trx, dialect, row.id, unit.instruction_id);
    }
    // Cleared first, so two units of the save may swap guidebooks without meeting the UNIQUE index.
    await trx.updateTable('pms_units').set({ instruction_id: null }).where('id', 'in', ids).execute();
    for (const unit of mapping.units) {
      await trx
        .updateTable('pms_units')
        .set({ instruction_id: unit.guidebookId, skipped: unit.skipped ? 1 : 0, updated_at: now })
        .where('id', '=', unit.id)
        .execute();
    }
  });
  return storedUnits(row.id);
}
