import type { PmsIntegrationsTable } from '@db/schema.ts';
import type { Config } from '../platform/config.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SecretKeyRing } from '../platform/secret-box.ts';
import { contextFor } from './access.ts';
import type { PmsAdapter } from './adapter.ts';
import { integrationsKeyRing, openCredentials } from './credentials.ts';
import { adapterFor } from './pms-systems.ts';

/**
 * What Porchlight makes and ends on the system's side (docs/decisions/029-pms-connectors.md §3,
 * §5): the webhook a system registers through its API (Hostaway's unified webhook), registered
 * once the connect's row is stored, its id kept in `remote_hook_id` (tried again by each full pass
 * while it is missing); and on disconnect that
 * webhook removed **before** the token is revoked (the removal needs the token), then the token.
 * All best effort: a failure is logged by its message, never with a credential, and neither keeps
 * a connection from being made (the reconcile reads every 15 minutes without webhooks) nor a row
 * from being deleted.
 */
type Row = Pick<PmsIntegrationsTable, 'id' | 'team_id' | 'system' | 'hook_id' | 'remote_hook_id'>;

/** The address a system's webhooks are sent to, on APP_URL (§11). */
export function hookUrlOf(appUrl: URL, hookId: string): string {
  return new URL(`/api/pms/hooks/${hookId}`, appUrl).href;
}

const causeOf = (error: unknown) => (error instanceof Error ? error.message : 'unknown');

/** After connect: registers the webhook at `hookUrl` when the system registers its own (§5); answers the remote id, or null. */
export async function registerRemoteHook(config: Config, ring: SecretKeyRing, row: Row, adapter: PmsAdapter<unknown>, secrets: unknown, hookUrl: string, hookSecret: string): Promise<string | null> {
  const register = adapter.hooks?.register;
  if (!register) return null;
  const { db, log } = await getRuntime();
  try {
    const { remoteId } = await register(contextFor(config, ring, row, adapter, secrets), hookUrl, hookSecret);
    await db.updateTable('pms_integrations').set({ remote_hook_id: remoteId, updated_at: Date.now() }).where('id', '=', row.id).execute();
    return remoteId;
  } catch (error) {
    log.warn({ integrationId: row.id, system: row.system, cause: causeOf(error) }, 'pms: registering the webhook failed; the reconcile reads changes all the same');
    return null;
  }
}

/** The full pass's second chance for a webhook the connect could not register (the system refused or did not answer then). */
export async function registerMissingHook(row: PmsIntegrationsTable, adapter: PmsAdapter<unknown>, secrets: unknown): Promise<void> {
  if (row.remote_hook_id !== null || !adapter.hooks?.register) return;
  const { config } = await getRuntime();
  const ring = integrationsKeyRing(config);
  row.remote_hook_id = await registerRemoteHook(config, ring, row, adapter, secrets, hookUrlOf(config.appUrl, row.hook_id), openCredentials(ring, row).hookSecret);
}

/** Before the row is deleted: the registered webhook removed, then the token revoked, in that order; never throws. */
export async function releaseRemote(row: Row & Parameters<typeof openCredentials>[1]): Promise<void> {
  const { config, log } = await getRuntime();
  const adapter = adapterFor(row.system);
  const unregister = row.remote_hook_id === null ? undefined : adapter.hooks?.unregister;
  if (!unregister && !adapter.revoke) return;
  let context;
  try {
    const ring = integrationsKeyRing(config);
    context = contextFor(config, ring, row, adapter, adapter.secretsOf(openCredentials(ring, row).secrets));
  } catch (error) {
    log.warn({ integrationId: row.id, system: row.system, cause: causeOf(error) }, 'pms: credentials unreadable on disconnect; nothing revoked');
    return;
  }
  const steps: Array<[string, (() => Promise<void>) | undefined]> = [
    ['removing the webhook', unregister && (() => unregister(context, row.remote_hook_id!))],
    ['revoking', adapter.revoke && (() => adapter.revoke!(context))],
  ];
  for (const [what, step] of steps) {
    try {
      await step?.();
    } catch (error) {
      log.warn({ integrationId: row.id, system: row.system, cause: causeOf(error) }, `pms: ${what} on disconnect failed; the row is deleted all the same`);
    }
  }
}
