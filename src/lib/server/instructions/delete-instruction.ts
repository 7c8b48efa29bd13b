import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';

/**
 * DELETE /api/instruction/:id: moves the guidebook to the trash (docs/decisions/016-revisions-and-trash.md).
 * Its link and its stays' links answer 404 from the moment this commits (the snapshot goes as for
 * a deleted guidebook); the row, its stays, calendar and revisions stay for TRASH_DAYS so a
 * restore brings all of them back. Allowed on any plan: a plan restricts editing, not deleting.
 */
export async function deleteInstruction({ access, id }: { access: TeamScope; id: string }): Promise<void> {
  const { db } = await getRuntime();
  const trashed = await db
    .updateTable('instructions')
    .set({ deleted_at: Date.now() })
    .where('id', '=', id)
    .where('team_id', '=', access.teamId)
    .where('deleted_at', 'is', null)
    .returning('token')
    .executeTakeFirst();
  if (!trashed) throw instructionNotFound();
  await afterGuidebookWrite({ id, oldToken: trashed.token, deleted: true });
}
