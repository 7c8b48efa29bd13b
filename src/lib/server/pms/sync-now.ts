import { messages } from '@shared/messages.ts';
import type { SyncAnswer } from '@shared/schemas/integrations.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import type { TeamScope } from '../account/team-access.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { findTeamIntegration } from './integrations.ts';
import { syncIntegration } from './sync-integration.ts';

/**
 * "Sync now" (docs/decisions/029-pms-connectors.md §5, §14): the team's integration read at once,
 * 6 times an hour each; what it changed, in the host's words ("2 stays added, 1 moved"). 404
 * another team's; 409 a sync of it running, or credentials to connect again; 502 the system did
 * not answer (the back-off of §12 is set as for the job).
 */
export async function syncNow(access: TeamScope, id: string): Promise<SyncAnswer> {
  const row = await findTeamIntegration(access, id);
  const label = PMS_LABELS[row.system];
  if (row.state !== 'active') throw new AppError('CONFLICT', messages.integrations.reconnectFirst(label));
  await consumeRateLimits([rateRules.integrationSync(row.id)], Date.now(), messages.integrations.tooManySyncs);
  const outcome = await syncIntegration(row.id);
  switch (outcome.kind) {
    case 'synced':
      return { ...outcome.counts, message: messages.integrations.synced(outcome.counts) };
    case 'busy':
      throw new AppError('CONFLICT', messages.integrations.syncBusy);
    case 'reconnect':
      throw new AppError('CONFLICT', messages.integrations.reconnectFirst(label));
    case 'failed':
      throw new AppError('BAD_GATEWAY', outcome.message);
    case 'gone':
      throw new AppError('NOT_FOUND', messages.integrations.notFound);
  }
}
