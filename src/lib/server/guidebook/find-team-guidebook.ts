import type { InstructionsTable } from '@db/schema.ts';
import { grantedGuidebooks } from '../account/authorize.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { instructionNotFound } from './instruction-errors.ts';

/**
 * The row of `id` if it is the team's, not in the trash and, for an Editor or a Cleaner, granted to
 * them; otherwise 404, whether it exists or not (docs/decisions/028-teams.md §6: another team's
 * guidebook, or one not granted, answers as one that does not exist). What the member may do with
 * it is the route's `authorize()`.
 */
export async function findTeamGuidebook({ access, id }: { access: TeamScope; id: string }): Promise<InstructionsTable> {
  const { db } = await getRuntime();
  const query = db.selectFrom('instructions').selectAll().where('id', '=', id).where('team_id', '=', access.teamId).where('deleted_at', 'is', null);
  const row = await grantedGuidebooks(query, access, 'instructions.id').executeTakeFirst();
  if (!row) throw instructionNotFound();
  return row;
}
