import type { InstructionsTable } from '@db/schema.ts';
import { INSTRUCTION_DEFAULTS, withoutRetiredTranslations, type Instruction, type InstructionContent } from '@shared/schemas/instruction.ts';

/**
 * A stored guidebook's content. Rows written before a field existed lack it: they read as its
 * default, so every reader sees the whole shape without a data migration. Translations of a field
 * that is no longer translatable (the host's name, an address) are left out as it is read
 * (docs/decisions/021); the next save stores it without them.
 */
export function parseStoredContent(data: string): InstructionContent {
  const stored = JSON.parse(data) as Partial<InstructionContent>;
  const missing = Object.fromEntries(Object.entries(INSTRUCTION_DEFAULTS).filter(([key]) => !(key in stored)));
  const content = { ...structuredClone(missing), ...stored } as InstructionContent;
  return content.translations ? { ...content, translations: withoutRetiredTranslations(content.translations) } : content;
}

/**
 * The stored row as the owner's API answers it: the API's field names, the content as stored, and
 * whether PIN guessing stopped on its link (pin-guessing.ts reads it; null for a new row).
 * A writer that holds the content it stored passes it as `content`, and the data is not parsed again.
 */
export function toInstruction(row: InstructionsTable, pinGuessingStoppedUntil: string | null = null, content: InstructionContent = parseStoredContent(row.data)): Instruction {
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
