import { nanoid } from 'nanoid';
import type { PmsIntegrationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import type { ConnectInput, IntegrationView } from '@shared/schemas/integrations.ts';
import type { TeamAccess, TeamScope } from '../account/team-access.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SecretKeyRing } from '../platform/secret-box.ts';
import type { PmsAdapter } from './adapter.ts';
import { integrationsKeyRing, newHookSecret, openCredentials, sealAccess, sealCredentials } from './credentials.ts';
import { hookUrlOf, registerRemoteHook, releaseRemote } from './remote-hooks.ts';
import { isPmsError } from './pms-error.ts';
import { adapterFor, pmsHttpFor } from './pms-systems.ts';
import { BEDS24_HOOK_HEADER_NAME } from './systems/beds24-hooks.ts';

/**
 * Connecting a booking system, the screen's list, disconnecting (docs/decisions/029-pms-connectors.md
 * §3, §14). Nothing is stored unless the system accepted the credentials; no answer and no log
 * line carries them (docs/security.md 42): the connect body becomes a sealed row and is dropped.
 */

/** The hook's id: 24 characters of nanoid's 64 (143 bits), the only proof a Smoobu webhook has (§5). */
const HOOK_ID_LENGTH = 24;

/** A system's refusal or silence, in the host's words; the system's own text never reaches them (§3). */
export function pmsFailure(error: unknown, adapter: Pick<PmsAdapter<unknown>, 'label' | 'credentialWords' | 'refusedMessage'>): AppError {
  if (!isPmsError(error)) throw error;
  const cause = error.message;
  if (error.failure === 'bad-credentials') return new AppError('UNPROCESSABLE', adapter.refusedMessage ?? messages.integrations.refused(adapter.label, adapter.credentialWords), { cause });
  if (error.failure === 'scope') return new AppError('UNPROCESSABLE', messages.integrations.scopeMissing(adapter.label), { cause });
  if (error.failure === 'rate-limited') return new AppError('BAD_GATEWAY', messages.integrations.rateLimited(adapter.label), { cause });
  return new AppError('BAD_GATEWAY', messages.integrations.unreachable(adapter.label), { cause });
}

/** Beds24's header, for the screen's Owner and Admin only (§3 keeps the hook secret sealed rather than hashed for this); null when it cannot be opened. */
function headerOf(ring: SecretKeyRing, row: PmsIntegrationsTable): { name: string; value: string } | null {
  try {
    return { name: BEDS24_HOOK_HEADER_NAME, value: openCredentials(ring, row).hookSecret };
  } catch {
    return null;
  }
}

/** What the screen's webhook step needs (§14 5.): the URL; Beds24's header to paste beside it; whether Hostaway's was registered. */
function hookOf(row: PmsIntegrationsTable, appUrl: URL, ring: SecretKeyRing): IntegrationView['hook'] {
  const setup = adapterFor(row.system).hooks?.setup;
  if (!setup) return null;
  const url = hookUrlOf(appUrl, row.hook_id);
  if (setup === 'paste-url-and-header') return { setup, url, header: headerOf(ring, row) };
  if (setup === 'registered') return { setup, url, registered: row.remote_hook_id !== null };
  return { setup, url };
}

function viewOf(row: PmsIntegrationsTable, connectedBy: string | null, appUrl: URL, ring: SecretKeyRing): IntegrationView {
  return {
    id: row.id,
    system: row.system,
    label: PMS_LABELS[row.system],
    accountRef: row.account_ref,
    state: row.state,
    connectedBy,
    createdAt: row.created_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
    hook: hookOf(row, appUrl, ring),
    lastHookAt: row.last_hook_at,
  };
}

export async function listIntegrations(access: TeamScope): Promise<IntegrationView[]> {
  const { db, config } = await getRuntime();
  const rows = await db
    .selectFrom('pms_integrations')
    .leftJoin('users', 'users.id', 'pms_integrations.connected_by')
    .selectAll('pms_integrations')
    .select('users.name as connected_by_name')
    .where('pms_integrations.team_id', '=', access.teamId)
    .orderBy('pms_integrations.created_at')
    .execute();
  const ring = integrationsKeyRing(config);
  return rows.map((row) => viewOf(row, row.connected_by_name, config.appUrl, ring));
}

/** The team's integration `id`, or 404 as another team's, or one disconnected, answers. */
export async function findTeamIntegration(access: TeamScope, id: string): Promise<PmsIntegrationsTable> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('pms_integrations').selectAll().where('id', '=', id).where('team_id', '=', access.teamId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', messages.integrations.notFound);
  return row;
}

/** Checks the credentials with the system, then stores them sealed: 201's view, or 400, 409, 422, 502. */
export async function connectIntegration(access: TeamAccess, input: ConnectInput): Promise<IntegrationView> {
  const { config, db, log } = await getRuntime();
  const ring = integrationsKeyRing(config);
  const adapter = adapterFor(input.system);
  const missing = adapter.fields.find((field) => !input.fields[field.name]);
  if (missing) throw new AppError('BAD_REQUEST', messages.integrations.fieldMissing(missing.label));
  const fields = Object.fromEntries(adapter.fields.map((field) => [field.name, input.fields[field.name]!]));
  const taken = await db.selectFrom('pms_integrations').select('id').where('team_id', '=', access.teamId).where('system', '=', input.system).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', messages.integrations.alreadyConnected(adapter.label));

  let checked: Awaited<ReturnType<typeof adapter.connect>>;
  try {
    checked = await adapter.connect(pmsHttpFor(config, input.system, `connect:${access.teamId}:${input.system}`), fields);
  } catch (error) {
    throw pmsFailure(error, adapter);
  }
  const now = Date.now();
  const ids = { id: nanoid(), team_id: access.teamId, system: input.system };
  const hookSecret = newHookSecret();
  const row: PmsIntegrationsTable = {
    ...ids,
    account_ref: checked.accountRef,
    ...sealCredentials(ring, ids, { secrets: checked.secrets, hookSecret }),
    // The token the connect check minted (Beds24's, Hostaway's), so the first sync need not mint one (§3).
    ...(checked.access ? sealAccess(ring, ids, checked.access) : { access_key_id: null, access_iv: null, access_ct: null, access_expires_at: null }),
    hook_id: nanoid(HOOK_ID_LENGTH),
    remote_hook_id: null,
    state: 'active',
    changed_through: null,
    full_pass_at: null,
    last_attempt_at: null,
    last_success_at: now,
    last_error: null,
    last_hook_at: null,
    backoff_until: null,
    connected_by: access.userId,
    created_at: now,
    updated_at: now,
  };
  // Two connects at once: the UNIQUE (team, system) lets one in (§4, open question 4).
  const inserted = await db.insertInto('pms_integrations').values(row).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('CONFLICT', messages.integrations.alreadyConnected(adapter.label));
  log.info({ teamId: access.teamId, integrationId: row.id, system: row.system, accountRef: row.account_ref }, 'pms: connected');
  row.remote_hook_id = await registerRemoteHook(config, ring, row, adapter, checked.secrets, hookUrlOf(config.appUrl, row.hook_id), hookSecret);
  const person = await db.selectFrom('users').select('name').where('id', '=', access.userId).executeTakeFirst();
  return viewOf(row, person?.name ?? null, config.appUrl, ring);
}

/**
 * Deletes the integration with its credentials and units (by cascade); its stays become the
 * host's own, as a removed feed's do (§7). Each keeps its `pms_reservation_id`: the mark that its
 * guest's details came from a booking system (erased after check-out all the same,
 * stays/guest-data-retention.ts), and what a connection made again adopts rather than doubles
 * (apply-reservation.ts). First, best effort, the webhook the system registered is removed and
 * then what it lets us revoke (Hostaway's token) revoked (remote-hooks.ts): a failure is logged and
 * does not keep the row (§3).
 */
export async function disconnectIntegration(access: TeamAccess, id: string): Promise<{ label: string }> {
  const { db, log } = await getRuntime();
  const row = await findTeamIntegration(access, id);
  await releaseRemote(row);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('stays').set({ pms_integration_id: null, pms_modified_at: null }).where('pms_integration_id', '=', row.id).execute();
    await trx.deleteFrom('pms_integrations').where('id', '=', row.id).where('team_id', '=', access.teamId).execute();
  });
  log.info({ teamId: access.teamId, integrationId: row.id, system: row.system }, 'pms: disconnected');
  return { label: PMS_LABELS[row.system] };
}
