import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { instructionSummarySchema } from './get-instructions.ts';

const createdSchema = z.object({ message: z.string().catch(''), instruction: instructionSummarySchema });

/**
 * POST /api/instruction {} → 201 `{ message, instruction }` (docs/product.md §4 "Creating an instruction").
 * The server fills the new guidebook from the host's auto-fill settings, picture and name; a Free
 * host who already has 3 gets 403 with the out-of-free text. The browser's time zone goes along
 * as the property's first guess: stays are written in it; the editor can change it. So does the
 * browser's language, as the guidebook's main language (the server reads "de-AT" as German and a
 * language it does not offer as English: docs/decisions/021).
 */
export async function createInstruction(): Promise<z.output<typeof createdSchema>> {
  const timeZone = browserTimeZone();
  const language = typeof navigator === 'undefined' ? '' : navigator.language;
  return createdSchema.parse(await api.post<unknown>('/api/instruction', { ...(timeZone ? { timeZone } : {}), ...(language ? { language } : {}) }));
}

export function useCreateInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstruction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}
