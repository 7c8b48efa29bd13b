import type { PmsIntegrationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import { teamContact } from '../account/team-contact.ts';
import { tryRecordLock } from '../platform/db/record-lock.ts';
import { getRuntime } from '../platform/runtime.ts';
import { SecretBoxError } from '../platform/secret-box.ts';
import { contextFor } from './access.ts';
import { integrationsKeyRing, openCredentials } from './credentials.ts';
import { isPmsError } from './pms-error.ts';
import { adapterFor } from './pms-systems.ts';
import { markReconnect, noteFailure, noteSuccess } from './sync-outcome.ts';
import { registerMissingHook } from './remote-hooks.ts';
import { storeUnits } from './units.ts';
import { drainInbox, pendingRows } from './hook-inbox.ts';
import { followUp, LeaseLost, noCounts, readChanged, recheckUnnamed, type SyncCounts, type SyncRun } from './sync-reads.ts';

/**
 * One sync of one integration (docs/decisions/029-pms-connectors.md §5, steps 1–3), for the "pms
 * sync" job and "Sync now": under its lease in `record_locks` (`pms:<id>`), taken without
 * waiting, so the job and "Sync now" never read one account at once; the reservations changed
 * since a day before the high-water mark (`changed_through`), which moves only once every page is
 * applied; and once a day, or at once after a unit is newly mapped, the full pass. A system that
 * does not answer backs the integration off (1, 2, 4 … 60 minutes); one that refuses its
 * credentials turns it `reconnect` and mails the team's contact once (sync-outcome.ts). Step 4:
 * the webhooks' pending rows are read with it (hook-inbox.ts).
 */
export const DAY_MS = 86_400_000;

export type SyncOutcome =
  | { kind: 'synced'; counts: SyncCounts }
  | { kind: 'busy' }
  | { kind: 'reconnect' }
  | { kind: 'failed'; counts: SyncCounts; message: string }
  | { kind: 'gone' };

/** The units mapped to a guidebook: external id → guidebook id; and whether one was mapped since the last full pass. */
async function mappedUnits(run: Pick<SyncRun, 'db' | 'integration'>): Promise<{ mapped: Map<string, string>; newlyMapped: boolean }> {
  const rows = await run.db.selectFrom('pms_units').select(['external_id', 'instruction_id', 'updated_at']).where('integration_id', '=', run.integration.id).where('instruction_id', 'is not', null).where('skipped', '=', 0).execute();
  const lastFull = run.integration.full_pass_at ?? 0;
  return { mapped: new Map(rows.map((row) => [row.external_id, row.instruction_id!])), newlyMapped: rows.some((row) => row.updated_at > lastFull) };
}

async function authorOf(run: Pick<SyncRun, 'db' | 'integration'>): Promise<string | null> {
  if (run.integration.connected_by) return run.integration.connected_by;
  return (await teamContact(run.db, run.integration.team_id))?.userId ?? null;
}

/** The reads of one turn, with the lease held (step 4: the inbox's pending rows with them). */
async function reads(run: SyncRun): Promise<void> {
  const started = run.now;
  const { mapped, newlyMapped } = await mappedUnits(run);
  run.mapped = mapped;
  const full = newlyMapped || run.integration.full_pass_at === null || run.integration.full_pass_at + DAY_MS <= started;
  // No `upcoming` yet (Smoobu's is not documented, §2): the full pass reads every change ever made, then re-reads the stays it did not name.
  const since = full || run.integration.changed_through === null ? 0 : run.integration.changed_through - DAY_MS;
  try {
    // The full pass lists the system's units too: new ones appear on the screen as undecided (§5, 3).
    if (full) await storeUnits(run.db, run.integration, await run.adapter.units(run.context), started);
    if (full) await registerMissingHook(run.integration, run.adapter, run.context.secrets);
    const named = await readChanged(run, since);
    if (full) await recheckUnnamed(run, named);
    await drainInbox(run, await pendingRows(run, true), named);
  } finally {
    await followUp(run);
  }
  await noteSuccess(run, { changedThrough: started, fullPassAt: full ? started : run.integration.full_pass_at });
}

/** The inbox worker's turn for one integration: its due rows read; a "read what changed" row (Beds24's GET) makes it a whole sync. */
async function inboxReads(run: SyncRun): Promise<'sync' | 'done'> {
  const rows = await pendingRows(run, false);
  if (rows.length === 0) return 'done';
  if (rows.some((row) => row.reservation_ids === '')) return 'sync';
  run.mapped = (await mappedUnits(run)).mapped;
  try {
    await drainInbox(run, rows);
  } finally {
    await followUp(run);
  }
  return 'done';
}

/**
 * Syncs integration `id` now (`sync`: the job, "Sync now"; the caller has checked the team), or
 * reads its webhooks' pending rows (`inbox`: the inbox worker), which moves no high-water mark.
 */
export async function syncIntegration(id: string, mode: 'sync' | 'inbox' = 'sync'): Promise<SyncOutcome> {
  const { db, dialect, log, config } = await getRuntime();
  const ring = integrationsKeyRing(config);
  const lease = await tryRecordLock(db, `pms:${id}`);
  if (!lease) return { kind: 'busy' };
  try {
    // Read under the lease: what another turn wrote before letting go is what this one starts from.
    const integration = await db.selectFrom('pms_integrations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!integration) return { kind: 'gone' };
    if (integration.state !== 'active') return { kind: 'reconnect' };
    const adapter = adapterFor(integration.system);
    const now = Date.now();
    let secrets: unknown;
    try {
      secrets = adapter.secretsOf(openCredentials(ring, integration).secrets);
    } catch (error) {
      if (!(error instanceof SecretBoxError) && !isPmsError(error)) throw error;
      await markReconnect(integration, messages.integrations.cannotRead, 'unreadable');
      return { kind: 'reconnect' };
    }
    const base = { db, dialect, log, integration, adapter, lease, counts: noCounts(), now, times: new Map(), after: new Map() };
    const userId = await authorOf(base);
    if (!userId) return { kind: 'gone' };
    const run: SyncRun = { ...base, context: contextFor(config, ring, integration, adapter, secrets), mapped: new Map(), userId };
    try {
      if (mode === 'sync' || (await inboxReads(run)) === 'sync') {
        await db.updateTable('pms_integrations').set({ last_attempt_at: now }).where('id', '=', id).execute();
        await reads(run);
      }
    } catch (error) {
      return await failed(integration, adapter.credentialWords, run.counts, error);
    }
    log.info({ integrationId: id, system: integration.system, mode, ...run.counts }, 'pms: synced');
    return { kind: 'synced', counts: run.counts };
  } finally {
    await lease.release();
  }
}

/** A turn that stopped: credentials refused → `reconnect`; no answer, or a lease lost → back off or try at the next turn. */
async function failed(integration: PmsIntegrationsTable, credentialWords: string, counts: SyncCounts, error: unknown): Promise<SyncOutcome> {
  const { log } = await getRuntime();
  const label = PMS_LABELS[integration.system];
  if (error instanceof LeaseLost) {
    log.warn({ integrationId: integration.id }, 'pms: the sync outlasted its lease; the next turn reads again');
    return { kind: 'failed', counts, message: messages.integrations.unreachable(label) };
  }
  if (!isPmsError(error)) throw error;
  if (error.failure === 'bad-credentials') {
    await markReconnect(integration, messages.integrations.refused(label, credentialWords), 'refused');
    return { kind: 'reconnect' };
  }
  const message = await noteFailure(integration, error);
  return { kind: 'failed', counts, message };
}
