import type { InstructionsTable } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import { instructionNotFound } from './instruction-errors.ts';

/** The row of `id` if `userId` owns it and it is not in the trash; otherwise 404, whether it exists or not. */
export async function findOwnedInstruction({ userId, id }: { userId: string; id: string }): Promise<InstructionsTable> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw instructionNotFound();
  return row;
}
