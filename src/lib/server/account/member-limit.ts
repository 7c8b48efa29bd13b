import { sql, type Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { findPlan, type PlanId } from '@shared/plans.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { getTeamPlan } from './team-plan.ts';
import type { TeamAccess } from './team-access.ts';

/**
 * Members per plan (docs/decisions/028-teams.md §8): Free 1, Gold 3, Premium 10, the owner
 * counted. Inviting counts the members and the open invitations (an expired one is not open);
 * accepting counts the members. A downgrade removes no one: the members past the limit, newest
 * first, are suspended, computed at request time from the synced plan, never stored.
 */
export function memberLimitError(plan: PlanId): AppError {
  const { name, memberLimit } = findPlan(plan);
  return new AppError('FORBIDDEN', messages.team.memberLimit(name, memberLimit));
}

/** The team's members, and with `now` its open invitations too: the places the plan's limit counts. */
export async function seatsTaken(trx: Kysely<Database>, teamId: string, now?: number): Promise<number> {
  const members = await trx.selectFrom('memberships').select(sql<number>`count(*)`.as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow();
  if (now === undefined) return Number(members.n);
  const open = await trx
    .selectFrom('team_invitations')
    .select(sql<number>`count(*)`.as('n'))
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(open.n);
}

/**
 * A member's place in the team: the owner first, the others in the order they joined (`created_at`,
 * then `id`), so after a downgrade the newest are the ones past the limit.
 */
async function placeInTeam(access: TeamAccess): Promise<number> {
  const { db } = await getRuntime();
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('memberships as me', 'me.team_id', 'm.team_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('me.id', '=', access.membershipId)
    .where((eb) => eb.or([eb('m.role', '=', 'owner'), eb('m.created_at', '<', eb.ref('me.created_at')), eb.and([eb('m.created_at', '=', eb.ref('me.created_at')), eb('m.id', '<', eb.ref('me.id'))])]))
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/** Whether the request's member is past the plan's limit, read once per request (a plan read and a count). */
const suspendedOf = new WeakMap<TeamAccess, Promise<PlanId | null>>();

/** The plan that suspends this member (null when they may act): never the owner. */
export function suspendingPlan(access: TeamAccess): Promise<PlanId | null> {
  if (access.role === 'owner') return Promise.resolve(null);
  let read = suspendedOf.get(access);
  if (!read) {
    read = (async () => {
      const plan = await getTeamPlan(access.teamId);
      return (await placeInTeam(access)) > findPlan(plan).memberLimit ? plan : null;
    })();
    suspendedOf.set(access, read);
  }
  return read;
}
