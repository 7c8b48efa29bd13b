import type { Instruction } from '@shared/schemas/instruction.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { guidebookFor } from '../guidebook/for-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';

/**
 * GET /api/instruction/:id: readable by its team whatever the plan (a locked one is shown
 * read-only), with the PIN's state, as the member may read it (guidebook/for-access.ts).
 */
export async function getInstruction({ access, id }: { access: TeamAccess; id: string }): Promise<Instruction> {
  const row = await findTeamGuidebook({ access, id });
  return guidebookFor(access, toInstruction(row, await pinGuessingStoppedUntil(row.id)));
}
