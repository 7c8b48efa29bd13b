import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsSchema, type Settings } from '@shared/schemas/settings.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/settings → the host's auto-fill defaults (docs/product.md §3 "User settings", §7). */
export async function getSettings(): Promise<Settings> {
  return settingsSchema.parse(await api.get<unknown>('/api/settings'));
}

export const settingsQueryOptions = queryOptions({ queryKey: queryKeys.settings.all(), queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
