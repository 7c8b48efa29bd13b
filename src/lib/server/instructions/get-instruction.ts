import type { Instruction } from '@shared/schemas/instruction.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import { findOwnedInstruction } from '../guidebook/find-owned-instruction.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';

/** GET /api/instruction/:id: readable by its owner whatever the plan (a locked one is shown read-only), with the PIN's state. */
export async function getInstruction({ userId, id }: { userId: string; id: string }): Promise<Instruction> {
  const row = await findOwnedInstruction({ userId, id });
  return toInstruction(row, await pinGuessingStoppedUntil(row.id));
}
