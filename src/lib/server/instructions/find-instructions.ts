import type { Instruction } from '@shared/schemas/instruction.ts';
import { instructionInsertionOrder } from '../platform/db/dialect.ts';
import { grantedGuidebooks } from '../account/authorize.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { guidebookFor } from '../guidebook/for-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { pinGuessingStoppedOn } from '../guidebook/pin-guessing.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';

/**
 * GET /api/instruction: the team's guidebooks (an Editor's or a Cleaner's: those granted to them),
 * newest first (insertion order breaks ties within a millisecond), as the member may read them.
 */
export async function findInstructions({ access }: { access: TeamAccess }): Promise<Instruction[]> {
  const { db, dialect } = await getRuntime();
  const team = db.selectFrom('instructions').selectAll().where('team_id', '=', access.teamId).where('deleted_at', 'is', null);
  const rows = await grantedGuidebooks(team, access, 'instructions.id')
    .orderBy('created_at', 'desc')
    .orderBy(instructionInsertionOrder(dialect), 'desc')
    .execute();
  const stopped = await pinGuessingStoppedOn(rows.map((row) => row.id));
  return rows.map((row) => guidebookFor(access, toInstruction(row, stopped.get(row.id) ?? null)));
}
