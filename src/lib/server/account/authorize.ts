import { sql, type Expression, type SqlBool } from 'kysely';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import { ROLE_NAMES, roleMay, seesGrantedOnly, TEAM_ACTIONS, type TeamAction } from '@shared/team-roles.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { suspendingPlan } from './member-limit.ts';
import type { TeamAccess, TeamScope } from './team-access.ts';

/**
 * The one authorization function (docs/decisions/028-teams.md §6): every team route asks it, with
 * the action of `ROLE_ACTIONS` (src/lib/shared/team-roles.ts) the route takes. Whose rows a query
 * reads stays the query's own `team_id` (another team's id answers 404 there); this decides what
 * a member of the right team may do, and which of its guidebooks an Editor or a Cleaner may see.
 */

/** A guidebook the member may not see reads as one that does not exist (docs/security.md 14). */
const guidebookNotFound = () => new AppError('NOT_FOUND', messages.instruction.notFound);

/** Whether the caller is a member acting in a role (a mailed link acts as the team and has none). */
function isMember(access: TeamScope | TeamAccess): access is TeamAccess {
  return 'role' in access;
}

/** The granted guidebooks of the request's membership, read once per request (a member has a few). */
const grantsOf = new WeakMap<TeamAccess, Promise<ReadonlySet<string>>>();

function grants(access: TeamAccess): Promise<ReadonlySet<string>> {
  let read = grantsOf.get(access);
  if (!read) {
    read = getRuntime().then(async ({ db }) => {
      const rows = await db.selectFrom('member_guidebooks').select('instruction_id').where('membership_id', '=', access.membershipId).execute();
      return new Set(rows.map((row) => row.instruction_id));
    });
    grantsOf.set(access, read);
  }
  return read;
}

/** The same answer as `authorize` about the role, as a boolean: for the answers that leave fields out. */
export function can(access: TeamAccess, action: TeamAction): boolean {
  return roleMay(access, action);
}

/**
 * Allowed, or the reason it is not. In order: a guidebook that is not granted to an Editor or a
 * Cleaner answers 404 with `notFound` (that kind of record's own message), exactly as another
 * team's does; then an action the role lacks answers 403 naming the role; then a member past the
 * plan's member limit (a downgrade, §8) answers 403 `overMemberLimit`. Owners and Admins see
 * every guidebook of the team, so the grant is read only for the two limited roles.
 */
export async function authorize(access: TeamAccess, action: TeamAction, guidebookId?: string, notFound: () => AppError = guidebookNotFound): Promise<void> {
  if (guidebookId !== undefined && TEAM_ACTIONS[action].scope === 'guidebook' && seesGrantedOnly(access.role) && !(await grants(access)).has(guidebookId)) throw notFound();
  if (!roleMay(access, action)) throw new AppError('FORBIDDEN', messages.team.roleCannot(ROLE_NAMES[access.role], TEAM_ACTIONS[action].doing));
  const suspending = await suspendingPlan(access);
  if (suspending) throw new AppError('FORBIDDEN', messages.team.overMemberLimit(findPlan(suspending).memberLimit));
}

/** Anything a query builder of Kysely is, for `grantedGuidebooks`: it narrows with one condition. */
interface Narrowable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/**
 * `query` narrowed to the guidebooks an Editor or a Cleaner was granted (`column` holds a
 * guidebook id), for lists and lookups alike; unchanged for the other roles and for a mailed link.
 * One indexed subquery on `member_guidebooks` (its primary key starts with the membership).
 */
export function grantedGuidebooks<Q extends Narrowable<Q>>(query: Q, access: TeamScope, column: string): Q {
  if (!isMember(access) || !seesGrantedOnly(access.role)) return query;
  return query.where(sql<SqlBool>`${sql.ref(column)} in (select instruction_id from member_guidebooks where membership_id = ${access.membershipId})`);
}
