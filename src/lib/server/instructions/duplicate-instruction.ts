import type { Instruction } from '@shared/schemas/instruction.ts';
import { assertCanEdit } from './assert-can-edit.ts';
import { findOwnedInstruction } from './find-owned-instruction.ts';
import { afterInstructionWrite } from './instruction-events.ts';
import { parseStoredContent, toInstruction } from './instruction-row.ts';
import { insertInstruction } from './insert-instruction.ts';

/**
 * POST /api/instruction/:id: a copy of the content under a new id and a new link. Counts toward
 * the Free limit; its `isFree` follows the plan at the time of copying, like a new guidebook.
 */
export async function duplicateInstruction({ userId, id }: { userId: string; id: string }): Promise<Instruction> {
  const source = await findOwnedInstruction({ userId, id });
  const plan = await assertCanEdit({ userId, isFree: source.is_free === 1 });
  const row = await insertInstruction({ userId, plan, content: parseStoredContent(source.data) });
  await afterInstructionWrite({ id: row.id });
  return toInstruction(row);
}
