import type { Kysely } from 'kysely';
import type { Database, MembershipsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import type { MemberChange, MembersAnswer } from '@shared/schemas/member.ts';
import { AppError } from '../http/app-error.ts';
import { lockForTransaction } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { listInvitations, membersLock } from './invitations/invite.ts';
import { seatsTaken } from './member-limit.ts';
import { memberActor, recordActivity } from './record-activity.ts';
import type { TeamAccess } from './team-access.ts';
import { getTeamPlan } from './team-plan.ts';

/**
 * The members of a team (docs/decisions/028-teams.md §5, §7): the list the members screen shows,
 * the Owner's change of a role, grants or "may see secrets", and removal, which a member's own is
 * "leave". The routes ask `authorize` (`members.read`, `members.manage`; leaving asks nothing, so
 * a member suspended past the plan's limit may still go). Every change runs under the members
 * lock the invitations take, so the limit they count never reads a half-made change. A role or
 * grant change touches no session (the session's query reads the membership per request); a
 * removal ends the person's sessions for this team in its transaction, so their next request with
 * the old cookie is signed out, on every server at once.
 */

/** The membership `id` of the team, or 404 (another team's reads as none). */
async function memberOfTeam(trx: Kysely<Database>, teamId: string, id: string): Promise<MembershipsTable & { name: string }> {
  const row = await trx
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .selectAll('memberships')
    .select('users.name')
    .where('memberships.id', '=', id)
    .where('memberships.team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', messages.members.notFound);
  return row;
}

/** GET /api/team/members (Owner, Admin): the members (the owner first, then as they joined), the pending invitations and the plan's limit. */
export async function listMembers(access: TeamAccess, now = Date.now()): Promise<MembersAnswer> {
  const { db } = await getRuntime();
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.id', 'memberships.user_id', 'memberships.role', 'memberships.may_see_secrets', 'memberships.created_at', 'users.name', 'users.email'])
    .where('memberships.team_id', '=', access.teamId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.id')
    .execute();
  // One read of the grants of the whole team; a guidebook in the trash keeps its grant (it comes back with it).
  const grants = await db
    .selectFrom('member_guidebooks')
    .innerJoin('memberships', 'memberships.id', 'member_guidebooks.membership_id')
    .select(['member_guidebooks.membership_id', 'member_guidebooks.instruction_id'])
    .where('memberships.team_id', '=', access.teamId)
    .execute();
  const members = rows
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role,
      guidebookIds: grants.filter((grant) => grant.membership_id === row.id).map((grant) => grant.instruction_id),
      maySeeSecrets: row.may_see_secrets === 1,
      joinedAt: row.created_at,
    }))
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  const plan = await getTeamPlan(access.teamId);
  const taken = await seatsTaken(db, access.teamId, now);
  return { members, invitations: await listInvitations(access, now), limit: { plan, planName: findPlan(plan).name, members: findPlan(plan).memberLimit, taken } };
}

/**
 * PATCH /api/team/members/:membershipId (Owner): a new role, new guidebooks for an Editor or a
 * Cleaner (the team's live ones), or "may see secrets" (a Cleaner's). The owner's own membership
 * is fixed (403); an Editor or Cleaner is left with at least one guidebook (400); an Admin holds
 * none. Counts at the member's next request.
 */
export async function changeMember(access: TeamAccess, id: string, change: MemberChange, now = Date.now()): Promise<{ name: string }> {
  const { db, dialect } = await getRuntime();
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, membersLock(access.teamId));
    const member = await memberOfTeam(trx, access.teamId, id);
    if (member.role === 'owner') throw new AppError('FORBIDDEN', messages.members.ownerFixed);
    const role = change.role ?? member.role;
    let guidebookIds: string[] | undefined;
    if (role === 'admin') guidebookIds = [];
    else if (change.guidebookIds !== undefined) {
      guidebookIds = [...new Set(change.guidebookIds)];
      const live = guidebookIds.length === 0 ? [] : await trx.selectFrom('instructions').select('id').where('team_id', '=', access.teamId).where('deleted_at', 'is', null).where('id', 'in', guidebookIds).execute();
      if (live.length !== guidebookIds.length) throw new AppError('BAD_REQUEST', messages.invitations.guidebookUnknown);
    }
    if (role !== 'admin') {
      const held = guidebookIds ?? (await trx.selectFrom('member_guidebooks').select('instruction_id').where('membership_id', '=', id).execute());
      if (held.length === 0) throw new AppError('BAD_REQUEST', messages.invitations.guidebooksRequired);
    }
    const maySeeSecrets = role === 'cleaner' && (change.maySeeSecrets ?? member.may_see_secrets === 1);
    await trx.updateTable('memberships').set({ role, may_see_secrets: maySeeSecrets ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
    if (guidebookIds !== undefined) {
      await trx.deleteFrom('member_guidebooks').where('membership_id', '=', id).execute();
      if (guidebookIds.length > 0) await trx.insertInto('member_guidebooks').values(guidebookIds.map((instruction_id) => ({ membership_id: id, instruction_id }))).execute();
    }
    // What changed, as it is now (docs/decisions/028-teams.md §9).
    const details = {
      member: member.name,
      ...(role === member.role ? {} : { role: { from: member.role, to: role } }),
      ...(guidebookIds === undefined || role === 'admin' ? {} : { guidebooks: guidebookIds.length }),
      ...(maySeeSecrets === (member.may_see_secrets === 1) ? {} : { maySeeSecrets }),
    };
    await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'member.changed', subjectId: id, details, now });
    return { name: member.name };
  });
}

/** Whether a DELETE names the caller's own membership: leaving, which any member may. */
export function isLeaving(access: TeamAccess, id: string): boolean {
  return id === access.membershipId;
}

/**
 * DELETE /api/team/members/:membershipId: the Owner removes anyone but themselves; any member
 * removes their own membership (leaves), even one suspended past the plan's limit. The membership,
 * its grants and the person's sessions acting for this team go in one transaction; their sessions
 * on other teams go on. → whom it removed, and whether it was the caller.
 */
export async function removeMember(access: TeamAccess, id: string): Promise<{ name: string; left: boolean; team: string }> {
  const left = isLeaving(access, id);
  if (left && access.role === 'owner') throw new AppError('FORBIDDEN', messages.members.ownerCannotLeave);
  const { db, dialect } = await getRuntime();
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, membersLock(access.teamId));
    const member = await memberOfTeam(trx, access.teamId, id);
    if (member.role === 'owner') throw new AppError('FORBIDDEN', messages.members.ownerCannotLeave);
    await trx.deleteFrom('memberships').where('id', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', member.user_id).where('team_id', '=', access.teamId).execute();
    const team = await trx.selectFrom('teams').select('name').where('id', '=', access.teamId).executeTakeFirstOrThrow();
    const by = memberActor(access);
    if (left) await recordActivity(trx, { teamId: access.teamId, by, action: 'member.left', subjectId: id, details: { role: member.role } });
    else await recordActivity(trx, { teamId: access.teamId, by, action: 'member.removed', subjectId: id, details: { member: member.name, role: member.role } });
    return { name: member.name, left, team: team.name };
  });
}
