import { nanoid } from 'nanoid';
import type { Instruction } from '@shared/schemas/instruction.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import { assertCanEdit } from './assert-can-edit.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';

/**
 * PATCH /api/instruction/preview/:token: a new public token; the old one answers 404 from the
 * moment this commits (docs/security.md 15). Only the guidebook's team may do it; a stranger's token
 * reads as missing.
 */
export async function regenerateInstructionLink({ access, token }: { access: TeamScope; token: string }): Promise<Instruction> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').selectAll().where('token', '=', token).where('team_id', '=', access.teamId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw instructionNotFound();
  await assertCanEdit({ teamId: access.teamId, isFree: row.is_free === 1 });
  const updated = await db
    .updateTable('instructions')
    .set({ token: nanoid(21), updated_at: Date.now() })
    .where('id', '=', row.id)
    .where('team_id', '=', access.teamId)
    // Two regenerations at once: the second finds the token already gone.
    .where('token', '=', token)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw instructionNotFound();
  await afterGuidebookWrite({ id: row.id, oldToken: token });
  return toInstruction(updated, await pinGuessingStoppedUntil(updated.id));
}
