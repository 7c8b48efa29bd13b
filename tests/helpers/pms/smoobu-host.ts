import type { IntegrationView, UnitView } from '../../../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../../../src/lib/shared/schemas/instruction.ts';
import type { Host } from '../billing.ts';
import type { SmoobuAccount, SmoobuStandIn } from './smoobu-standin.ts';

/**
 * A host's side of a Smoobu connection, as the PMS tests drive it over real HTTP: a Smoobu account
 * connected and its apartments mapped (the guidebooks and their stays: sync-calls.ts).
 */
export interface Connected {
  account: SmoobuAccount;
  id: string;
  integration: IntegrationView;
  units: UnitView[];
}

/** A Smoobu account with `apartments`, connected by `host`, each apartment mapped as `map` says (a guidebook, 'skip', or undecided). */
export async function connectSmoobu(smoobu: SmoobuStandIn, host: Host, apartments: Array<{ id: number; name: string }>, map: Record<number, Instruction | 'skip'>): Promise<Connected> {
  const account = smoobu.addAccount({ apartments });
  const { integration } = await host.json<{ integration: IntegrationView }>('/api/team/integrations', { method: 'POST', json: { system: 'smoobu', fields: { apiKey: account.apiKey, apiSecret: account.apiSecret } } });
  const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
  const mapping = units.flatMap((unit) => {
    const to = map[Number(unit.externalId)];
    return to === undefined ? [] : [{ id: unit.id, guidebookId: to === 'skip' ? null : to._id, skipped: to === 'skip' }];
  });
  if (mapping.length > 0) await host.json(`/api/team/integrations/${integration.id}/units`, { method: 'PUT', json: { units: mapping } });
  return { account, id: integration.id, integration, units };
}
