import type { Instruction } from '@shared/schemas/instruction.ts';
import { findOwnedInstruction } from './find-owned-instruction.ts';
import { toInstruction } from './instruction-row.ts';

/** GET /api/instruction/:id: readable by its owner whatever the plan (SPEC §4). */
export async function getInstruction({ userId, id }: { userId: string; id: string }): Promise<Instruction> {
  return toInstruction(await findOwnedInstruction({ userId, id }));
}
