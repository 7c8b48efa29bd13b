import { sql, type Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database, TeamInvitationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from '../../http/session-token.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { memberLimitError, seatsTaken } from '../member-limit.ts';
import { recordActivity } from '../record-activity.ts';
import { teamContact } from '../team-contact.ts';
import { getTeamPlanIn } from '../team-plan.ts';
import { membersLock } from './invite.ts';
import { joinedMail, maskEmail } from './invitation-mail.ts';

/** What `/invite/:token` shows before anything is used: the team, the role, who invited, for which address. */
export interface InvitationView {
  state: 'open' | 'expired' | 'revoked' | 'used';
  team: string;
  role: string;
  inviter: string;
  email: string;
}

/** Reads an invitation by its link without using it (the page); null for a link that never was one. */
export async function peekInvitation(token: string, now = Date.now()): Promise<InvitationView | null> {
  const { db } = await getRuntime();
  const row = await db
    .selectFrom('team_invitations as i')
    .innerJoin('teams', 'teams.id', 'i.team_id')
    .leftJoin('users', 'users.id', 'i.invited_by')
    .select(['i.email', 'i.role', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'teams.name as team', 'users.name as inviter'])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  return { state: stateOf(row, now), team: row.team, role: ROLE_NAMES[row.role], inviter: row.inviter ?? '', email: row.email };
}

function stateOf(row: Pick<TeamInvitationsTable, 'expires_at' | 'accepted_at' | 'revoked_at'>, now: number): InvitationView['state'] {
  if (row.accepted_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'open';
}

/** Why a link could not be used, read after the UPDATE found nothing: the truth, for the person holding it. */
async function refusal(trx: Kysely<Database>, hash: string, email: string, now: number): Promise<AppError> {
  const row = await trx.selectFrom('team_invitations').select(['email', 'expires_at', 'accepted_at', 'revoked_at']).where('token_hash', '=', hash).executeTakeFirst();
  if (!row) return new AppError('NOT_FOUND', messages.invitations.notFound);
  const state = stateOf(row, now);
  if (state === 'used') return new AppError('GONE', messages.invitations.used);
  if (state === 'revoked') return new AppError('GONE', messages.invitations.revokedLink);
  if (state === 'expired') return new AppError('GONE', messages.invitations.expired);
  if (row.email !== email) return new AppError('FORBIDDEN', messages.invitations.otherAddress(maskEmail(row.email)));
  return new AppError('NOT_FOUND', messages.invitations.notFound);
}

/**
 * Refuses an invitation that `email` could not accept now, without using it: a registration asks
 * before it looks the address up, so its answer says nothing about whether the address has an account.
 */
export async function assertInvitationOpenFor(trx: Kysely<Database>, { token, email, now }: { token: string; email: string; now: number }): Promise<void> {
  const hash = hashToken(token);
  const row = await trx.selectFrom('team_invitations').select(['email', 'expires_at', 'accepted_at', 'revoked_at']).where('token_hash', '=', hash).executeTakeFirst();
  if (!row || stateOf(row, now) !== 'open' || row.email !== email.toLowerCase()) throw await refusal(trx, hash, email.toLowerCase(), now);
}

export interface Accepted {
  teamId: string;
  teamName: string;
}

/**
 * Uses the invitation for the person `userId` whose address is `email`, in the caller's
 * transaction (a registration from the link makes the account in the same one): one UPDATE takes
 * the link, bound to the address, so of two accepts exactly one wins; then, under the team's
 * members lock, the limit (members only: the invitation was counted when made, but the plan may
 * have fallen since), the membership and its grants (the invitation's guidebooks still live), and
 * the owner's note. A refusal throws, and the caller's transaction gives the link back.
 */
export async function acceptInvitationIn(trx: Kysely<Database>, { token, userId, email, name, now }: { token: string; userId: string; email: string; name: string; now: number }): Promise<Accepted> {
  const { dialect, outbox } = await getRuntime();
  const hash = hashToken(token);
  const address = email.toLowerCase();
  const row = await trx
    .updateTable('team_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('token_hash', '=', hash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('email', '=', address)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await refusal(trx, hash, address, now);
  await lockForTransaction(trx, dialect, membersLock(row.team_id));
  const already = await trx.selectFrom('memberships').select('id').where('team_id', '=', row.team_id).where('user_id', '=', userId).executeTakeFirst();
  if (already) throw new AppError('CONFLICT', messages.invitations.alreadyMember);
  const plan = await getTeamPlanIn(trx, row.team_id);
  if ((await seatsTaken(trx, row.team_id)) >= findPlan(plan).memberLimit) throw memberLimitError(plan);
  const membershipId = nanoid();
  await trx
    .insertInto('memberships')
    .values({ id: membershipId, team_id: row.team_id, user_id: userId, role: row.role, may_see_secrets: row.may_see_secrets, invited_by: row.invited_by, created_at: now, updated_at: now })
    .execute();
  await sql`INSERT INTO member_guidebooks (membership_id, instruction_id)
    SELECT ${membershipId}, g.instruction_id FROM invitation_guidebooks g JOIN instructions i ON i.id = g.instruction_id
    WHERE g.invitation_id = ${row.id} AND i.deleted_at IS NULL`.execute(trx);
  await recordActivity(trx, { teamId: row.team_id, by: { actor: 'member', userId }, action: 'invitation.accepted', subjectId: membershipId, details: { email: row.email, role: row.role }, now });
  const team = await trx.selectFrom('teams').select('name').where('id', '=', row.team_id).executeTakeFirstOrThrow();
  const owner = await teamContact(trx, row.team_id);
  if (owner) await outbox.enqueue(joinedMail({ to: owner.email, member: name, team: team.name, role: row.role }), trx);
  return { teamId: row.team_id, teamName: team.name };
}

/** POST /api/invitations/accept (a signed-in person): joins, and the session acts for the team from its next request. */
export async function acceptInvitation({ token, userId, email, name, sessionId }: { token: string; userId: string; email: string; name: string; sessionId: string }): Promise<Accepted> {
  const { db, outbox } = await getRuntime();
  const now = Date.now();
  const accepted = await db.transaction().execute(async (trx) => {
    const result = await acceptInvitationIn(trx, { token, userId, email, name, now });
    await trx.updateTable('sessions').set({ team_id: result.teamId }).where('id', '=', sessionId).execute();
    return result;
  });
  outbox.kick();
  return accepted;
}
