import type { Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { lockForTransaction, type DialectName } from '../platform/db/dialect.ts';
import { staysLock } from '../stays/owned-stay.ts';

/**
 * A unit mapped to "not in Porchlight" or to another guidebook (docs/decisions/029-pms-connectors.md
 * §7): the stays it brought to its former guidebook become the host's own, as a disconnect's do
 * (integrations.ts): `pms_integration_id` cleared, so no sync moves or removes them again, and the
 * reservation id kept, so the guest's details are still erased after check-out
 * (stays/guest-data-retention.ts) and a mapping back adopts them rather than doubling them. A
 * stay taken over from the calendar keeps its `calendar_uid` and goes back to its feed. Under the
 * guidebook's stays lock, as every write of its stays.
 */
export async function releaseStays(trx: Transaction<Database>, dialect: DialectName, integrationId: string, instructionId: string): Promise<number> {
  await lockForTransaction(trx, dialect, staysLock(instructionId));
  const result = await trx
    .updateTable('stays')
    .set({ pms_integration_id: null, pms_modified_at: null, updated_at: Date.now() })
    .where('pms_integration_id', '=', integrationId)
    .where('instruction_id', '=', instructionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
