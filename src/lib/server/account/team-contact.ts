import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

export interface TeamContact {
  /** The owner's user id: what a row a guest makes records as its `user_id`. */
  userId: string;
  email: string;
  name: string;
}

/**
 * Whom a team's host mails go to and who signs for it (docs/decisions/028-teams.md §8): the team's
 * owner, so a new order, a guest's message or the daily feedback mail do not follow whoever
 * happened to create the guidebook. `db` may be the caller's transaction.
 */
export async function teamContact(db: Kysely<Database>, teamId: string): Promise<TeamContact | undefined> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('memberships.team_id', '=', teamId)
    .where('memberships.role', '=', 'owner')
    .executeTakeFirst();
  return row && { userId: row.id, email: row.email, name: row.name };
}

/** The address of the team's host mails; throws when the team has no owner (a row the caller read must have one). */
export async function teamContactEmail(db: Kysely<Database>, teamId: string): Promise<string> {
  const contact = await teamContact(db, teamId);
  if (!contact) throw new Error(`team ${teamId} has no owner`);
  return contact.email;
}
