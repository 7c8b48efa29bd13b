import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { requireIntegrationsKey } from '@server/pms/credentials.ts';
import { disconnectIntegration } from '@server/pms/integrations.ts';
import { messages } from '@shared/messages.ts';

/**
 * DELETE /api/team/integrations/:id (Owner, Admin): deletes the connection, its sealed
 * credentials and its properties; stays it brought become the team's own
 * (docs/decisions/029-pms-connectors.md §3, §7) → 200 `{ message }`; 404 not this team's.
 */
export const DELETE = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  const { label } = await disconnectIntegration(access, context.params.id ?? '');
  return json({ message: messages.integrations.disconnected(label) });
});
