import type { InstructionsTable } from '../db/schema.ts';
import type { Instruction, InstructionContent } from '../../shared/schemas/instruction.ts';

/** The stored row as the owner's API answers it: SPEC §3 field names, the content as stored. */
export function toInstruction(row: InstructionsTable): Instruction {
  const content = JSON.parse(row.data) as InstructionContent;
  return {
    _id: row.id,
    ...content,
    token: row.token,
    isFree: row.is_free === 1,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
