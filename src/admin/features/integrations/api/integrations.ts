import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CredentialField, PmsSystem } from '@shared/pms-systems.ts';
import type { IntegrationView, SyncAnswer, UnitMapping, UnitView } from '@shared/schemas/integrations.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The Integrations screen's data (docs/product/integrations.md, docs/decisions/029-pms-connectors.md
 * §14): the systems and the team's connections, one connection's properties, and the changes
 * (connect, map, sync, disconnect), each answering the server's `{ message }`. No answer carries a
 * credential, and nothing here keeps one: the connect form's fields go out in the request only.
 */
export interface SystemChoice {
  system: PmsSystem;
  label: string;
  fields: CredentialField[];
}

export interface IntegrationsView {
  systems: SystemChoice[];
  integrations: IntegrationView[];
}

const path = (id: string) => `/api/team/integrations/${encodeURIComponent(id)}`;

/** GET /api/team/integrations; 503 (without SECRETS_KEY) and 403 come back as the query's error. */
export function useIntegrations(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.integrations.list(), queryFn: () => api.get<IntegrationsView>('/api/team/integrations'), enabled, retry: false }));
}

/** GET …/:id/units: the system is asked on every read, so a failure (422, 502) is said, not retried. */
export function useUnits(id: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.integrations.units(id), queryFn: async () => (await api.get<{ units: UnitView[] }>(`${path(id)}/units`)).units, retry: false, staleTime: 0 }));
}

/** The team's guidebooks, by name, for the properties' selects (GET /api/instruction). */
export function useGuidebookChoices() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.integrations.guidebooks(),
      queryFn: async () => (await api.get<Array<{ _id: string; nameInstruction?: string }>>('/api/instruction')).map((each) => ({ id: each._id, name: each.nameInstruction || 'Untitled guidebook' })),
    }),
  );
}

export function useConnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { system: PmsSystem; fields: Record<string, string> }) => api.post<{ message: string; integration: IntegrationView }>('/api/team/integrations', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.integrations.list() }),
  });
}

export function useSaveUnits(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mapping: UnitMapping) => api.put<{ message: string; units: UnitView[] }>(`${path(id)}/units`, mapping),
    onSuccess: ({ units }) => client.setQueryData(queryKeys.integrations.units(id), units),
  });
}

export function useSync(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SyncAnswer>(`${path(id)}/sync`),
    // The stays it wrote are read again where a Stays view shows them.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stays.all() }),
    // The last sync's time and error are the list's; a failed sync may have written them too.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations.list() }),
  });
}

export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(path(id)),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: queryKeys.integrations.units(id) });
      return client.invalidateQueries({ queryKey: queryKeys.integrations.list() });
    },
  });
}
