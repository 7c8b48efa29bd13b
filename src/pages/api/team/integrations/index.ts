import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { consumeRateLimits, rateRules } from '@server/http/rate-limit.ts';
import { requireIntegrationsKey } from '@server/pms/credentials.ts';
import { connectIntegration, listIntegrations } from '@server/pms/integrations.ts';
import { adapterFor } from '@server/pms/pms-systems.ts';
import { messages } from '@shared/messages.ts';
import { PMS_LABELS, PMS_SYSTEMS } from '@shared/pms-systems.ts';
import { connectSchema } from '@shared/schemas/integrations.ts';

/**
 * GET /api/team/integrations (Owner, Admin): `{ systems, integrations }`, each system with its
 * connect form and whether it can be connected yet, and the team's connections, never a
 * credential (docs/decisions/029-pms-connectors.md §14). 503 without SECRETS_KEY.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  const systems = PMS_SYSTEMS.map((system) => ({ system, label: PMS_LABELS[system], fields: adapterFor(system).fields }));
  return json({ systems, integrations: await listIntegrations(access) });
});

/**
 * POST /api/team/integrations `{ system, fields }` (Owner, Admin; 10 an hour per team): checks the
 * credentials with the system and stores them sealed → 201 `{ message, integration }`; 400 a
 * field missing, 409 already connected, 422 refused by the system (or a system not built yet),
 * 502 the system did not answer, 503 without SECRETS_KEY (before the body is read: nothing stored).
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  await consumeRateLimits([rateRules.integrationConnectTeam(access.teamId)]);
  const input = await readBody(context.request, connectSchema);
  const integration = await connectIntegration(access, input);
  return json({ message: messages.integrations.connected(integration.label), integration }, 201);
});
