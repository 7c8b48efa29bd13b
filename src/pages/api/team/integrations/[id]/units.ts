import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { requireIntegrationsKey } from '@server/pms/credentials.ts';
import { listUnits, mapUnits } from '@server/pms/units.ts';
import { messages } from '@shared/messages.ts';
import { unitMappingSchema } from '@shared/schemas/integrations.ts';

/**
 * GET /api/team/integrations/:id/units (Owner, Admin): the system's properties as it lists them
 * now, each with its mapping → `{ units }` (docs/decisions/029-pms-connectors.md §14); 404 not
 * this team's, 409 credentials Porchlight can no longer open, 422 refused by the system, 502 no answer.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  return json({ units: await listUnits(access, context.params.id ?? '') });
});

/**
 * PUT /api/team/integrations/:id/units `{ units: [{ id, guidebookId, skipped }] }` (Owner, Admin):
 * each property to a guidebook, to "not in Porchlight", or undecided → 200 `{ message, units }`;
 * 400 a bad or repeated entry, 404 a property or guidebook not this team's, 409 a guidebook
 * another property holds.
 */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'integrations.manage');
  await requireIntegrationsKey();
  const mapping = await readBody(context.request, unitMappingSchema);
  return json({ message: messages.integrations.unitsSaved, units: await mapUnits(access, context.params.id ?? '', mapping) });
});
