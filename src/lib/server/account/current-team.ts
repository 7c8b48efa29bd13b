import { sql } from 'kysely';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import type { TeamChoice, TeamSummary } from '@shared/team-switch.ts';
import { AppError } from '../http/app-error.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { grantedGuidebooks } from './authorize.ts';
import { createTeam } from './create-team.ts';
import { seatsTaken } from './member-limit.ts';
import { ownedTeamOf } from './person-teams.ts';
import { memberActor, recordActivity } from './record-activity.ts';
import type { TeamAccess } from './team-access.ts';
import { getTeamPlan } from './team-plan.ts';

/**
 * The team a session acts for, and changing it (docs/decisions/028-teams.md §5): what the
 * dashboard's switcher reads and writes. The choice is the session row's `team_id`; the membership
 * is read again with it on every request (auth/validate-session.ts), so a switch counts at once.
 */

/** Every team the person is a member of, for the switcher: the one they own first, then as they joined. */
export async function teamsOf(userId: string): Promise<TeamChoice[]> {
  const { db } = await getRuntime();
  return db
    .selectFrom('memberships')
    .innerJoin('teams', 'teams.id', 'memberships.team_id')
    .select(['teams.id', 'teams.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy(sql`CASE WHEN memberships.role = 'owner' THEN 0 ELSE 1 END`)
    .orderBy('memberships.created_at')
    .orderBy('memberships.id')
    .execute();
}

/** GET /api/team: the current team's name, plan and member limit, and what it counts. */
export async function teamSummary(access: TeamAccess): Promise<TeamSummary> {
  const { db } = await getRuntime();
  const now = Date.now();
  const [team, plan, members, seats, guidebooks] = await Promise.all([
    db.selectFrom('teams').select('name').where('id', '=', access.teamId).executeTakeFirstOrThrow(),
    getTeamPlan(access.teamId),
    seatsTaken(db, access.teamId),
    seatsTaken(db, access.teamId, now),
    grantedGuidebooks(db.selectFrom('instructions').select(sql<number>`count(*)`.as('n')).where('team_id', '=', access.teamId).where('deleted_at', 'is', null), access, 'instructions.id').executeTakeFirstOrThrow(),
  ]);
  return { id: access.teamId, name: team.name, role: access.role, plan, memberLimit: findPlan(plan).memberLimit, members, openInvitations: seats - members, guidebooks: Number(guidebooks.n) };
}

/**
 * PATCH /api/team: the Owner names the team (`team.manage`, checked by the route). Every member's
 * team menu reads the new name at its next request; one activity line says from what to what. The
 * same name again writes nothing.
 */
export async function renameTeam(access: TeamAccess, name: string): Promise<void> {
  const { db } = await getRuntime();
  await db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').select('name').where('id', '=', access.teamId).executeTakeFirstOrThrow();
    if (team.name === name) return;
    const now = Date.now();
    await trx.updateTable('teams').set({ name, updated_at: now }).where('id', '=', access.teamId).execute();
    await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'team.renamed', details: { from: team.name, to: name }, now });
  });
}

/**
 * PUT /api/session/team: the session acts for `teamId` from its next request, and the access it
 * now has. The UPDATE holds only while the person is a member, so a membership removed meanwhile
 * cannot be switched to; a team that is not theirs (or no longer) answers 404, as another team's
 * guidebook does.
 */
export async function switchTeam({ userId, sessionId, teamId }: { userId: string; sessionId: string; teamId: string }): Promise<TeamAccess> {
  const { db } = await getRuntime();
  const membership = await db.selectFrom('memberships').select(['id', 'role', 'may_see_secrets']).where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  if (!membership) throw new AppError('NOT_FOUND', messages.team.notFound);
  const result = await db
    .updateTable('sessions')
    .set({ team_id: teamId })
    .where('id', '=', sessionId)
    .where((eb) => eb.exists(eb.selectFrom('memberships').select('memberships.id').where('memberships.id', '=', membership.id)))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', messages.team.notFound);
  return { teamId, userId, membershipId: membership.id, role: membership.role, maySeeSecrets: membership.may_see_secrets === 1 };
}

/**
 * POST /api/teams, "Start your own guidebooks": a team of one for a person who owns none (a
 * cleaner who joined by invitation), named after them, and the session acts for it. A person who
 * owns a team already gets 409 (decision 028, open question 3); under a lock per person, so two
 * calls at once make one team.
 */
export async function startOwnTeam({ userId, name, sessionId }: { userId: string; name: string; sessionId: string }): Promise<TeamAccess> {
  const { db, dialect } = await getRuntime();
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, `own-team:${userId}`);
    if (await ownedTeamOf(trx, userId)) throw new AppError('CONFLICT', messages.team.ownTeamExists);
    const teamId = await createTeam(trx, { userId, name, now: Date.now() });
    await trx.updateTable('sessions').set({ team_id: teamId }).where('id', '=', sessionId).execute();
    const { id } = await trx.selectFrom('memberships').select('id').where('team_id', '=', teamId).executeTakeFirstOrThrow();
    return { teamId, userId, membershipId: id, role: 'owner', maySeeSecrets: true };
  });
}
