import type { PmsIntegrationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import { teamContact } from '../account/team-contact.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { PmsError } from './pms-error.ts';
import type { SyncRun } from './sync-reads.ts';

/**
 * What a sync turn writes on its integration (docs/decisions/029-pms-connectors.md §5, §12): the
 * high-water mark and a success that clears the back-off; a system that did not answer, with a
 * back-off growing 1, 2, 4 … 60 minutes; credentials refused, turning it `reconnect` and mailing
 * the team's contact once, in a mail that names the system and never a credential.
 */
const MINUTE_MS = 60_000;
const LONGEST_BACKOFF_MS = 60 * MINUTE_MS;

export async function noteSuccess(run: Pick<SyncRun, 'db' | 'integration'>, { changedThrough, fullPassAt }: { changedThrough: number; fullPassAt: number | null }): Promise<void> {
  const now = Date.now();
  await run.db
    .updateTable('pms_integrations')
    .set({ changed_through: changedThrough, full_pass_at: fullPassAt, last_success_at: now, last_error: null, backoff_until: null, updated_at: now })
    .where('id', '=', run.integration.id)
    .execute();
}

/** The next back-off: twice the last one (as read before this attempt), from one minute up to an hour. */
export function nextBackoffMs(integration: Pick<PmsIntegrationsTable, 'backoff_until' | 'last_attempt_at'>): number {
  const last = integration.backoff_until !== null && integration.last_attempt_at !== null ? integration.backoff_until - integration.last_attempt_at : 0;
  return last > 0 ? Math.min(LONGEST_BACKOFF_MS, last * 2) : MINUTE_MS;
}

/** Records a system that did not answer (or asked us to wait); answers the message the screen shows. */
export async function noteFailure(integration: PmsIntegrationsTable, error: PmsError): Promise<string> {
  const { db, log } = await getRuntime();
  const label = PMS_LABELS[integration.system];
  const now = Date.now();
  const message = error.failure === 'rate-limited' ? messages.integrations.rateLimited(label) : messages.integrations.unreachable(label);
  const backoffUntil = Math.max(now + nextBackoffMs(integration), error.retryAt ?? 0);
  // `last_attempt_at` is this attempt's, so the next failure doubles from here.
  await db.updateTable('pms_integrations').set({ last_error: message, backoff_until: backoffUntil, last_attempt_at: now, updated_at: now }).where('id', '=', integration.id).execute();
  log.warn({ integrationId: integration.id, system: integration.system, cause: error.message, backoffUntil }, 'pms: sync failed, backing off');
  return message;
}

/**
 * Turns the integration `reconnect` with the reason the screen shows; the first time (it was
 * active), the team's contact gets one mail, queued in the same transaction.
 */
export async function markReconnect(integration: PmsIntegrationsTable, lastError: string, why: 'refused' | 'unreadable'): Promise<void> {
  const { db, log, outbox, config } = await getRuntime();
  const label = PMS_LABELS[integration.system];
  const now = Date.now();
  const mailed = await db.transaction().execute(async (trx) => {
    const turned = await trx.updateTable('pms_integrations').set({ state: 'reconnect', last_error: lastError, updated_at: now }).where('id', '=', integration.id).where('state', '=', 'active').executeTakeFirst();
    if (Number(turned.numUpdatedRows) === 0) {
      await trx.updateTable('pms_integrations').set({ last_error: lastError, updated_at: now }).where('id', '=', integration.id).execute();
      return false;
    }
    const contact = await teamContact(trx, integration.team_id);
    if (!contact) return false;
    await outbox.enqueue(
      {
        to: contact.email,
        subject: `${label} needs to be connected again`,
        text: [
          why === 'refused' ? `${label} no longer accepts the key Porchlight was given; connect it again on the Integrations screen.` : `Porchlight can no longer read the key ${label} was connected with (this server's secret key changed); connect it again on the Integrations screen.`,
          '',
          `Until then Porchlight does not read your ${label} bookings. Stays from your booking calendars still arrive.`,
          '',
          `Integrations: ${new URL('/dashboard/integrations', config.appUrl).href}`,
          '',
          '— Porchlight',
          '',
        ].join('\n'),
      },
      trx,
    );
    return true;
  });
  if (mailed) outbox.kick();
  log.warn({ integrationId: integration.id, system: integration.system, keyId: integration.credentials_key_id, mailed }, 'pms: credentials no longer usable; the integration waits for a new connect');
}
