import type { PmsIntegrationsTable } from '@db/schema.ts';
import type { Config } from '../platform/config.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SecretKeyRing } from '../platform/secret-box.ts';
import type { PmsAdapter, PmsContext } from './adapter.ts';
import { accessKeeper, type Slot } from './access-keeper.ts';
import { openAccess, sealAccess } from './credentials.ts';
import { pmsHttpFor } from './pms-systems.ts';

/**
 * An integration's access token (docs/decisions/029-pms-connectors.md §3, §12): Beds24 reads with
 * a 24-hour token minted from the sealed refresh token, and minting one costs credits, so the
 * token is kept sealed in the row's `access` slot and shared by every turn and server until 5
 * minutes before it expires. A token the system refuses is replaced once per turn; refused again,
 * the adapter's call fails as 'bad-credentials' and the sync turns the integration `reconnect`.
 */
type Row = Pick<PmsIntegrationsTable, 'id' | 'team_id' | 'system'>;

/** The integration's slot: read again from the row each time (another server may have minted since), sealed under its AAD. */
function slotOf(ring: SecretKeyRing, row: Row): Slot {
  return {
    async load() {
      const { db } = await getRuntime();
      const columns = await db.selectFrom('pms_integrations').select(['access_key_id', 'access_iv', 'access_ct', 'access_expires_at']).where('id', '=', row.id).executeTakeFirst();
      return columns ? openAccess(ring, { ...row, ...columns }) : null;
    },
    async save(token) {
      const { db } = await getRuntime();
      await db.updateTable('pms_integrations').set(sealAccess(ring, row, token)).where('id', '=', row.id).execute();
    },
  };
}

/** The context an adapter reads an integration with: its client, its secrets and, for a system with tokens, its keeper. */
export function contextFor(config: Config, ring: SecretKeyRing, row: Row, adapter: PmsAdapter<unknown>, secrets: unknown): PmsContext<unknown> {
  const http = pmsHttpFor(config, row.system, row.id);
  const mint = adapter.access?.bind(adapter);
  return { http, secrets, integrationId: row.id, ...(mint ? { access: accessKeeper(row.system, () => mint(http, secrets), slotOf(ring, row)) } : {}) };
}
