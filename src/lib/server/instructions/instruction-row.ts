import type { InstructionsTable } from '@db/schema.ts';
import { INSTRUCTION_DEFAULTS, type Instruction, type InstructionContent } from '@shared/schemas/instruction.ts';

/**
 * A stored guidebook's content. Rows written before a field existed lack it: they read as its
 * default, so every reader sees the whole shape without a data migration.
 */
export function parseStoredContent(data: string): InstructionContent {
  const stored = JSON.parse(data) as Partial<InstructionContent>;
  const missing = Object.fromEntries(Object.entries(INSTRUCTION_DEFAULTS).filter(([key]) => !(key in stored)));
  return { ...structuredClone(missing), ...stored } as InstructionContent;
}

/**
 * The stored row as the owner's API answers it: the API's field names, the content as stored, and
 * whether PIN guessing stopped on its link (stays/pin-guessing.ts reads it; null for a new row).
 */
export function toInstruction(row: InstructionsTable, pinGuessingStoppedUntil: string | null = null): Instruction {
  const content = parseStoredContent(row.data);
  return {
    _id: row.id,
    ...content,
    token: row.token,
    isFree: row.is_free === 1,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    pinGuessingStoppedUntil,
  };
}
