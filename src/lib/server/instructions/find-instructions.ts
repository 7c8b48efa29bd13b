import type { Instruction } from '@shared/schemas/instruction.ts';
import { instructionInsertionOrder } from '../platform/db/dialect.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { pinGuessingStoppedOn } from '../guidebook/pin-guessing.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';

/** GET /api/instruction: the team's guidebooks, newest first (insertion order breaks ties within a millisecond). */
export async function findInstructions({ access }: { access: TeamScope }): Promise<Instruction[]> {
  const { db, dialect } = await getRuntime();
  const rows = await db
    .selectFrom('instructions')
    .selectAll()
    .where('team_id', '=', access.teamId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy(instructionInsertionOrder(dialect), 'desc')
    .execute();
  const stopped = await pinGuessingStoppedOn(rows.map((row) => row.id));
  return rows.map((row) => toInstruction(row, stopped.get(row.id) ?? null));
}
