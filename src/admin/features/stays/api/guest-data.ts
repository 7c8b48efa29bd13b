import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestDataErased, GuestDataExport } from '@shared/schemas/guest-data.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A guest's details on request (docs/decisions/029-pms-connectors.md §10, schemas/guest-data.ts):
 * the export, handed to the browser as a file, and the erasure, after which every stay list is read again.
 */
export function useExportGuestData() {
  return useMutation({
    mutationFn: async (email: string) => {
      const data = await api.post<GuestDataExport>('/api/team/guest-data/export', { email });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: `guest-data-${email.replace(/[^a-z0-9.-]+/gi, '_')}.json` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return data;
    },
  });
}

export function useEraseGuestData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { email: string } | { stayId: string }) => api.post<GuestDataErased>('/api/team/guest-data/erase', target),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stays.all() }),
  });
}
