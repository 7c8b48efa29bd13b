import { nanoid } from 'nanoid';
import { messages } from '@shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT } from '@shared/plans.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import type { TeamAccess } from '../account/team-access.ts';
import type { TeamPlan } from '../account/team-plan.ts';
import type { InstructionsTable } from '@db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { recordRevision } from '../guidebook/record-revision.ts';
import { writeMentioningUploads } from '../uploads/uploads-in-use.ts';

/**
 * Adds a guidebook to the team, made by the acting person (create and duplicate). On Free the count
 * of the team's guidebooks and the insert share one transaction, so two tabs creating at once
 * cannot both pass the limit of 3 (docs/product.md §6).
 * A guidebook made on Free is `isFree` (docs/product.md §4: the ones editable without a plan).
 */
export async function insertInstruction({ access, plan, content }: { access: TeamAccess; plan: TeamPlan; content: InstructionContent }): Promise<InstructionsTable> {
  const { teamId, userId } = access;
  const { db, dialect } = await getRuntime();
  const now = Date.now();
  const row: InstructionsTable = {
    id: nanoid(),
    user_id: userId,
    team_id: teamId,
    // docs/security.md 15: 21 nanoid characters, 126 bits.
    token: nanoid(21),
    is_free: plan === 'free' ? 1 : 0,
    version: 1,
    data: JSON.stringify(content),
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    if (plan === 'free') {
      // Two creates at once (two servers) count one after the other, so neither passes the limit.
      await lockForTransaction(trx, dialect, `instructions-of:${teamId}`);
      // Guidebooks in the trash do not count: restoring one checks the limit again.
      const { n } = await trx.selectFrom('instructions').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
      if (n >= FREE_INSTRUCTION_LIMIT) throw new AppError('FORBIDDEN', messages.instruction.outOfFree);
    }
    // Images it mentions (a duplicate's, a create's) must still exist when this commits (uploads-in-use.ts).
    await writeMentioningUploads(trx, dialect, { space: teamId, before: '', after: row.data }, (writer) => writer.insertInto('instructions').values(row).execute());
    await recordRevision(trx, { row, before: null, authorId: userId, source: 'created' });
  });
  return row;
}
