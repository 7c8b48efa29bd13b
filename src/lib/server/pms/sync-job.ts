import { sql } from 'kysely';
import { getRuntime } from '../platform/runtime.ts';
import { INBOX_KEPT_MS } from './hook-inbox.ts';
import { resealPrevious } from './reseal.ts';
import { syncIntegration } from './sync-integration.ts';

/**
 * The "pms sync" job's turn (docs/decisions/029-pms-connectors.md §5), every 15 minutes under the
 * job lease: every active integration whose back-off has passed, the longest unread first, one
 * after the other, until the turn's 4 minutes are spent (the rest go first next turn). An
 * integration whose lease is held ("Sync now" running) is skipped. Webhook rows processed more
 * than 7 days ago are deleted first (§4), and up to 100 rows still sealed under
 * SECRETS_KEY_PREVIOUS sealed again (reseal.ts).
 */
export const PMS_SYNC_EVERY_MS = 15 * 60_000;
const TURN_BUDGET_MS = 4 * 60_000;

export async function runPmsSync(now = Date.now()): Promise<number> {
  const { db, config, log } = await getRuntime();
  if (!config.secretsKeys) return 0;
  await db.deleteFrom('pms_hook_inbox').where('processed_at', '<', now - INBOX_KEPT_MS).execute();
  await resealPrevious();
  const due = await db
    .selectFrom('pms_integrations')
    .select('id')
    .where('state', '=', 'active')
    .where((eb) => eb.or([eb('backoff_until', 'is', null), eb('backoff_until', '<=', now)]))
    .orderBy(sql`coalesce(last_attempt_at, 0)`)
    .orderBy('id')
    .execute();
  let synced = 0;
  for (const { id } of due) {
    if (Date.now() - now > TURN_BUDGET_MS) break;
    try {
      const outcome = await syncIntegration(id);
      if (outcome.kind === 'synced') synced += 1;
    } catch (error) {
      log.error({ err: error, integrationId: id }, 'pms: sync of an integration failed');
    }
  }
  return synced;
}
