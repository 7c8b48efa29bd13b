import type { InstructionsTable } from '@db/schema.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { instructionNotFound } from './instruction-errors.ts';

/**
 * The row of `id` if it is the team's and not in the trash; otherwise 404, whether it exists or not
 * (docs/decisions/028-teams.md §6: another team's guidebook answers as one that does not exist).
 */
export async function findTeamGuidebook({ access, id }: { access: TeamScope; id: string }): Promise<InstructionsTable> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').selectAll().where('id', '=', id).where('team_id', '=', access.teamId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw instructionNotFound();
  return row;
}
