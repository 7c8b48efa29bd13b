import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database } from '@db/schema.ts';

/**
 * A team of one owned by `userId` (a registration, a first Google sign-in; docs/decisions/028-teams.md
 * §1): a new team id of its own, never derived from the user's, and the owner's membership. In the
 * caller's transaction, beside the user row it belongs to. The team is named after its owner.
 */
export async function createTeam(trx: Kysely<Database>, { userId, name, now }: { userId: string; name: string; now: number }): Promise<string> {
  const teamId = nanoid();
  await trx.insertInto('teams').values({ id: teamId, name, created_at: now, updated_at: now }).execute();
  await trx
    .insertInto('memberships')
    .values({ id: nanoid(), team_id: teamId, user_id: userId, role: 'owner', may_see_secrets: 1, invited_by: null, created_at: now, updated_at: now })
    .execute();
  return teamId;
}
