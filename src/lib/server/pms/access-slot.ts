import type { Kysely } from 'kysely';
import type { Database, PmsIntegrationsTable } from '@db/schema.ts';
import type { Config } from '../platform/config.ts';
import type { SecretKeyRing } from '../platform/secret-box.ts';
import type { AccessSlot, PmsContext } from './adapter.ts';
import { openAccess, sealAccess } from './credentials.ts';
import { pmsHttpFor } from './pms-systems.ts';

/**
 * An integration's `access` slot (docs/decisions/029-pms-connectors.md §3): the token its system
 * issued, opened once per context and, when an adapter mints a new one, sealed back on the row,
 * so every server shares one token instead of each minting its own.
 */
type SlotRow = Pick<PmsIntegrationsTable, 'id' | 'team_id' | 'system' | 'access_key_id' | 'access_iv' | 'access_ct' | 'access_expires_at'>;

export function accessSlotOf(db: Kysely<Database>, ring: SecretKeyRing, row: SlotRow): AccessSlot {
  const slot: AccessSlot = {
    current: openAccess(ring, row),
    async keep(token) {
      await db.updateTable('pms_integrations').set({ ...sealAccess(ring, row, token), updated_at: Date.now() }).where('id', '=', row.id).execute();
      slot.current = token;
    },
  };
  return slot;
}

/** What an adapter is called with for the integration `row`: its client (paced by the row's id), its secrets and its token slot. */
export function contextOf<Secrets>(config: Config, db: Kysely<Database>, ring: SecretKeyRing, row: SlotRow, secrets: Secrets): PmsContext<Secrets> {
  return { http: pmsHttpFor(config, row.system, row.id), secrets, integrationId: row.id, access: accessSlotOf(db, ring, row) };
}
