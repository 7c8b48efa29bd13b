import { api } from '../../../lib/api-client.ts';
import { changedInstructionSchema, useInstructionChange, type ChangedInstruction } from './instruction-change.ts';

export interface ChangeCodeInput {
  id: string;
  /** docs/product.md §5: no client-side rule, '' clears the code. */
  code: string;
}

/** PATCH /api/instruction/:id `{ code }` → `{ message, instruction }` (docs/product.md §4 "Change Code"). */
export async function changeCode({ id, code }: ChangeCodeInput): Promise<ChangedInstruction> {
  return changedInstructionSchema.parse(await api.patch<unknown>(`/api/instruction/${encodeURIComponent(id)}`, { code }));
}

export function useChangeCode() {
  return useInstructionChange(changeCode);
}
