import type { Instruction } from '@shared/schemas/instruction.ts';
import { jsonTextWithString } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { recordRevision } from '../guidebook/record-revision.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import { assertCanEdit } from './assert-can-edit.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent, toInstruction } from '../guidebook/instruction-row.ts';

/**
 * PATCH /api/instruction/:id: replaces the lock-box code alone ('' allowed, docs/product.md §5). One UPDATE
 * that sets the one JSON field (json_set, jsonb_set on PostgreSQL), so it cannot lose a save that lands at the same moment; the version goes up, so
 * an editor still holding the old code gets a 409 rather than writing it back.
 */
export async function changeInstructionCode({ access, id, code }: { access: TeamAccess; id: string; code: string }): Promise<Instruction> {
  const row = await findTeamGuidebook({ access, id });
  await assertCanEdit({ teamId: access.teamId, isFree: row.is_free === 1 });
  const { db, dialect } = await getRuntime();
  const updated = await db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('instructions')
      .set((eb) => ({ data: jsonTextWithString(dialect, 'data', 'code', code), version: eb('version', '+', 1), updated_at: Date.now() }))
      .where('id', '=', id)
      .where('team_id', '=', access.teamId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (saved) await recordRevision(trx, { row: saved, before: row, authorId: access.userId, source: 'code' });
    if (saved && parseStoredContent(row.data).code !== code) await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'guidebook.secrets', guidebookId: id, details: { fields: ['code'] } });
    return saved;
  });
  if (!updated) throw instructionNotFound();
  await afterGuidebookWrite({ id, secretsChanged: parseStoredContent(row.data).code !== code });
  return toInstruction(updated, await pinGuessingStoppedUntil(updated.id));
}
