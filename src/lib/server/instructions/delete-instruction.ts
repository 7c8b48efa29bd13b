import { getRuntime } from '../runtime.ts';
import { instructionNotFound } from './instruction-errors.ts';
import { afterInstructionWrite } from './instruction-events.ts';

/** DELETE /api/instruction/:id: allowed on any plan (SPEC §4 restricts editing, not deleting). */
export async function deleteInstruction({ userId, id }: { userId: string; id: string }): Promise<void> {
  const { db } = await getRuntime();
  const deleted = await db.deleteFrom('instructions').where('id', '=', id).where('user_id', '=', userId).returning('token').executeTakeFirst();
  if (!deleted) throw instructionNotFound();
  await afterInstructionWrite({ id, oldToken: deleted.token, deleted: true });
}
