import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { requireIntegrationsKey } from '@server/pms/credentials.ts';
import { syncNow } from '@server/pms/sync-now.ts';

/**
 * POST /api/team/integrations/:id/sync (Owner, Admin; 6 an hour per integration): reads the
 * system's changes now (docs/decisions/029-pms-connectors.md §5) → 200 `{ added, moved, removed,
 * updated, takenOver, message }`; 404 not this team's, 409 a sync of it running or credentials to
 * connect again, 429 past the limit, 502 the system did not answer, 503 without SECRETS_KEY.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  return json(await syncNow(access, context.params.id ?? ''));
});
