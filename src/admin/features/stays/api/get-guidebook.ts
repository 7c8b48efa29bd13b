import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SECRETS_POLICIES, DEFAULT_REVEAL_HOURS } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/instruction/:id, read for the Stays screen: only what it shows about the guidebook
 * (its name, time zone, usual times and who sees the secrets). The editor owns the whole document.
 */
const guidebookSchema = z.object({
  _id: z.string(),
  nameInstruction: z.string().catch(''),
  timeZone: z.string().catch(''),
  secretsPolicy: z.enum(SECRETS_POLICIES).catch('always'),
  revealHoursBefore: z.number().catch(DEFAULT_REVEAL_HOURS),
  /** The usual times ('' for none): a new stay starts at them. */
  checkInTime: z.string().catch(''),
  checkOutTime: z.string().catch(''),
});

export type StaysGuidebookAnswer = z.output<typeof guidebookSchema>;

export function guidebookQueryOptions(id: string) {
  return queryOptions({
    // Under the guidebook's own key, which the editor's save invalidates, beside the editor's copy.
    queryKey: queryKeys.instructions.forStays(id),
    queryFn: async () => guidebookSchema.parse(await api.get<unknown>(`/api/instruction/${encodeURIComponent(id)}`)),
  });
}

export function useGuidebook(id: string) {
  return useQuery(guidebookQueryOptions(id));
}
