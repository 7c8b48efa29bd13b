import { api } from '../../../lib/api-client.ts';
import { changedInstructionSchema, useInstructionChange, type ChangedInstruction } from './instruction-change.ts';

/**
 * PATCH /api/instruction/preview/:token → `{ message, instruction }` with a new token; the old
 * link stops working at once (docs/product.md §4 "Instruction access").
 */
export async function regenerateLink(token: string): Promise<ChangedInstruction> {
  return changedInstructionSchema.parse(await api.patch<unknown>(`/api/instruction/preview/${encodeURIComponent(token)}`, {}));
}

export function useRegenerateLink() {
  return useInstructionChange(regenerateLink);
}
