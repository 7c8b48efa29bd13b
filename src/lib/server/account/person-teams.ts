import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * The team a new session acts for (docs/decisions/028-teams.md §5): the team of the person's newest
 * session that still has a membership (a sign-in on another device keeps the team they switched
 * to), else the team they own, else their oldest membership; null when they are in none.
 */
export async function teamForNewSession(db: Kysely<Database>, userId: string): Promise<string | null> {
  const recent = await db
    .selectFrom('sessions')
    .innerJoin('memberships', (join) => join.onRef('memberships.team_id', '=', 'sessions.team_id').onRef('memberships.user_id', '=', 'sessions.user_id'))
    .select('memberships.team_id')
    .where('sessions.user_id', '=', userId)
    .orderBy('sessions.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (recent) return recent.team_id;
  const member = await db
    .selectFrom('memberships')
    .select('team_id')
    .where('user_id', '=', userId)
    .orderBy(sql`CASE WHEN role = 'owner' THEN 0 ELSE 1 END`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return member?.team_id ?? null;
}

/**
 * The team `userId` owns, for what acts on a person's own account (an operator's plan by e-mail,
 * `npm run admin`); null when they own none.
 */
export async function ownedTeamOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('memberships').select('team_id').where('user_id', '=', userId).where('role', '=', 'owner').orderBy('created_at').limit(1).executeTakeFirst();
  return row?.team_id ?? null;
}
