import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsSchema, type Settings } from '@shared/schemas/settings.ts';
import { api } from '../../../lib/api-client.ts';

/** Query keys of this feature (STYLE.md: queryOptions factories). */
export const settingsKeys = {
  all: ['settings'] as const,
};

/** GET /api/settings → the host's auto-fill defaults (SPEC §3 "User settings", §7). */
export async function getSettings(): Promise<Settings> {
  return settingsSchema.parse(await api.get<unknown>('/api/settings'));
}

export const settingsQueryOptions = queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
