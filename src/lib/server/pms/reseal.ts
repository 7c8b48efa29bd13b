import type { PmsIntegrationsTable } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SecretKeyRing } from '../platform/secret-box.ts';
import { integrationsKeyRing, openAccess, openCredentials, sealAccess, sealCredentials } from './credentials.ts';

/**
 * The rotation's re-seal (docs/decisions/029-pms-connectors.md §3, "Rotation"): each turn of the
 * "pms sync" job seals again, under `SECRETS_KEY`, up to 100 integrations whose credentials or
 * access token are still sealed under `SECRETS_KEY_PREVIOUS`, so the previous key can go once
 * none is left. Each row is written by compare-and-set on the ciphertexts it read (a server that
 * minted a token meanwhile keeps its own). A row that does not open is left for the sync, which
 * turns it `reconnect`; only its key id is logged.
 */
export const RESEAL_BATCH = 100;

type Slots = Partial<Pick<PmsIntegrationsTable, 'credentials_key_id' | 'credentials_iv' | 'credentials_ct' | 'access_key_id' | 'access_iv' | 'access_ct' | 'access_expires_at'>>;

/** The slots of `row` sealed under the previous key, sealed again under the current one; null when one does not open. */
function resealed(ring: SecretKeyRing, row: PmsIntegrationsTable, previousId: string): Slots | null {
  const slots: Slots = {};
  try {
    if (row.credentials_key_id === previousId) Object.assign(slots, sealCredentials(ring, row, openCredentials(ring, row)));
  } catch {
    return null;
  }
  if (row.access_key_id === previousId) {
    const access = openAccess(ring, row);
    // A token that does not open is dropped: the keeper mints a new one when it is next needed.
    Object.assign(slots, access ? sealAccess(ring, row, access) : { access_key_id: null, access_iv: null, access_ct: null, access_expires_at: null });
  }
  return slots;
}

/** Re-seals up to RESEAL_BATCH rows still under SECRETS_KEY_PREVIOUS; answers how many. */
export async function resealPrevious(): Promise<number> {
  const { db, config, log } = await getRuntime();
  if (!config.secretsKeys) return 0;
  const ring = integrationsKeyRing(config);
  const previousId = ring.previous?.id;
  if (!previousId || previousId === ring.current.id) return 0;
  const rows = await db
    .selectFrom('pms_integrations')
    .selectAll()
    .where((eb) => eb.or([eb('credentials_key_id', '=', previousId), eb('access_key_id', '=', previousId)]))
    .orderBy('id')
    .limit(RESEAL_BATCH)
    .execute();
  let done = 0;
  for (const row of rows) {
    const slots = resealed(ring, row, previousId);
    if (slots === null) {
      log.warn({ integrationId: row.id, keyId: row.credentials_key_id }, 'pms: credentials under the previous key do not open; left for the sync');
      continue;
    }
    const written = await db
      .updateTable('pms_integrations')
      .set(slots)
      .where('id', '=', row.id)
      .where('credentials_ct', '=', row.credentials_ct)
      .where((eb) => (row.access_ct === null ? eb('access_ct', 'is', null) : eb('access_ct', '=', row.access_ct)))
      .executeTakeFirst();
    done += Number(written.numUpdatedRows ?? 0);
  }
  if (done > 0) log.info({ rows: done, keyId: ring.current.id }, 'pms: credentials sealed again under SECRETS_KEY');
  return done;
}
