import { messages } from '@shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT } from '@shared/plans.ts';
import { TRASH_MS, type TrashedInstruction } from '@shared/schemas/history.ts';
import type { Instruction } from '@shared/schemas/instruction.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent, toInstruction } from '../guidebook/instruction-row.ts';


/** GET /api/instruction/trash: the team's deleted guidebooks, most recently deleted first. */
export async function findTrashedInstructions({ access }: { access: TeamScope }, now = Date.now()): Promise<TrashedInstruction[]> {
  const { teamId } = access;
  const { db } = await getRuntime();
  const rows = await db
    .selectFrom('instructions')
    .select(['id', 'data', 'deleted_at'])
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is not', null)
    .orderBy('deleted_at', 'desc')
    .execute();
  // "Delete forever" says how many stays that have not ended go with it (docs/product/history-and-trash.md).
  const ahead = rows.length === 0 ? [] : await db.selectFrom('stays').select((eb) => ['instruction_id', eb.fn.countAll<number>().as('count')]).where('team_id', '=', teamId).where('instruction_id', 'in', rows.map((row) => row.id)).where('check_out', '>', now).groupBy('instruction_id').execute();
  const staysAhead = new Map(ahead.map((row) => [row.instruction_id, Number(row.count)]));
  return rows.map((row) => {
    const { nameInstruction, address, coverImage } = parseStoredContent(row.data);
    const deletedAt = row.deleted_at ?? 0;
    return { _id: row.id, nameInstruction, address, coverImage, deletedAt: new Date(deletedAt).toISOString(), purgeAt: new Date(deletedAt + TRASH_MS).toISOString(), staysAhead: staysAhead.get(row.id) ?? 0 };
  });
}

/**
 * POST /api/instruction/:id/restore: takes the guidebook out of the trash with its old link, its
 * stays and their links, so printed posters work again. On Free it must fit the limit of 3 again,
 * counted in the same transaction as the restore (two restores at once cannot both pass).
 */
export async function restoreInstruction({ access, id }: { access: TeamScope; id: string }): Promise<Instruction> {
  const { db, dialect } = await getRuntime();
  const { teamId } = access;
  const onFree = (await getTeamPlan(teamId)) === 'free';
  const restored = await db.transaction().execute(async (trx) => {
    if (onFree) {
      await lockForTransaction(trx, dialect, `instructions-of:${teamId}`);
      const { n } = await trx.selectFrom('instructions').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
      if (n >= FREE_INSTRUCTION_LIMIT) {
        const inTrash = await trx.selectFrom('instructions').select('id').where('id', '=', id).where('team_id', '=', teamId).where('deleted_at', 'is not', null).executeTakeFirst();
        throw inTrash ? new AppError('FORBIDDEN', messages.instruction.outOfFree) : instructionNotFound();
      }
    }
    return trx
      .updateTable('instructions')
      .set({ deleted_at: null })
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
  });
  if (!restored) throw instructionNotFound();
  await afterGuidebookWrite({ id });
  return toInstruction(restored, await pinGuessingStoppedUntil(id));
}

/** DELETE /api/instruction/trash/:id: "Delete forever" now, with its stays, calendar and revisions. */
export async function purgeTrashedInstruction({ access, id }: { access: TeamScope; id: string }): Promise<void> {
  const { db } = await getRuntime();
  const purged = await db.deleteFrom('instructions').where('id', '=', id).where('team_id', '=', access.teamId).where('deleted_at', 'is not', null).returning('id').executeTakeFirst();
  if (!purged) throw instructionNotFound();
  await afterGuidebookWrite({ id, deleted: true });
}
