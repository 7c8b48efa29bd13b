import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { ActivityAction, ActivityBy, ActivityDetails } from '@shared/team-activity.ts';

/** One line of activity: the action with its typed details, who did it, for which team and guidebook. */
export type ActivityEntry = {
  [A in ActivityAction]: {
    teamId: string;
    by: ActivityBy;
    action: A;
    details: ActivityDetails[A];
    /** The guidebook the change touched; its name is kept with the line, which outlives it. */
    guidebookId?: string | null;
    /** The record changed (a stay, an order, an invitation, a membership). */
    subjectId?: string | null;
    now?: number;
  };
}[ActivityAction];

/**
 * The one writer of `team_activity` (docs/decisions/028-teams.md §9): called with the transaction
 * of the change it records, so the change and its line commit or roll back together. `details`
 * is typed per action and names fields, never a secret's value (docs/security.md 40).
 */
export async function recordActivity(trx: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  const guidebookId = entry.guidebookId ?? null;
  const guidebook = guidebookId ? await trx.selectFrom('instructions').select('data').where('id', '=', guidebookId).executeTakeFirst() : undefined;
  await trx
    .insertInto('team_activity')
    .values({
      team_id: entry.teamId,
      actor: entry.by.actor,
      actor_user_id: entry.by.actor === 'member' ? entry.by.userId : null,
      action: entry.action,
      instruction_id: guidebookId,
      subject_id: entry.subjectId ?? null,
      details: JSON.stringify(guidebook ? { ...entry.details, guidebookName: nameOf(guidebook.data) } : entry.details),
      created_at: entry.now ?? Date.now(),
    })
    .execute();
}

/** The guidebook's name as stored (read here, below the guidebook's own parser: only the one field). */
function nameOf(data: string): string {
  const name = (JSON.parse(data) as { nameInstruction?: unknown }).nameInstruction;
  return typeof name === 'string' ? name : '';
}

/** The member of `access` as an actor. */
export const memberActor = (access: { userId: string }): ActivityBy => ({ actor: 'member', userId: access.userId });
