import { sql, type Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database, TeamInvitationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import type { Invite, PendingInvitation } from '@shared/schemas/invitation.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueueGuestMail } from '../../http/mail-budget.ts';
import { rateLimitedError } from '../../http/rate-limit.ts';
import { generateToken, hashToken } from '../../http/session-token.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { memberLimitError, seatsTaken } from '../member-limit.ts';
import { memberActor, recordActivity } from '../record-activity.ts';
import type { TeamAccess } from '../team-access.ts';
import { getTeamPlanIn } from '../team-plan.ts';
import { invitationMail } from './invitation-mail.ts';

/** How long an invitation's link works (docs/security.md 11). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations (and resends) a team may send in a day (docs/decisions/028-teams.md §7). */
const DAILY_INVITATIONS = 20;
const DAY = 24 * 60 * 60 * 1000;

/** The lock every change of a team's members and invitations takes: the limit is counted under it. */
export const membersLock = (teamId: string) => `members:${teamId}`;

interface Inviter {
  access: TeamAccess;
  /** The inviter's name, for the mail. */
  name: string;
}

/** Mails the link (a new token) for `row` in `trx`: the recipient's and the team's daily mail budget pay for it (decision 024; 429 when spent). */
async function mailLink(trx: Kysely<Database>, { access, name }: Inviter, row: Pick<TeamInvitationsTable, 'email' | 'role'>, token: string, now: number): Promise<void> {
  const { outbox, config } = await getRuntime();
  const sentToday = await trx.selectFrom('team_invitations').select(sql<number>`count(*)`.as('n')).where('team_id', '=', access.teamId).where('sent_at', '>', now - DAY).executeTakeFirstOrThrow();
  if (Number(sentToday.n) > DAILY_INVITATIONS) throw new AppError('RATE_LIMITED', messages.invitations.tooManyToday);
  const team = await trx.selectFrom('teams').select('name').where('id', '=', access.teamId).executeTakeFirstOrThrow();
  const mail = invitationMail(config, { to: row.email, inviter: name, team: team.name, role: row.role, token });
  const sent = await enqueueGuestMail(outbox, trx, mail, access.teamId, now);
  if (!sent.queued) throw rateLimitedError(sent.retryAfterMs, messages.invitations.mailBudget);
}

/** POST /api/team/invitations (Owner): the row, its guidebooks and the mail in one transaction under the members lock. */
export async function inviteMember(inviter: Inviter, input: Invite, now = Date.now()): Promise<{ id: string }> {
  const { access } = inviter;
  const { db, dialect, outbox } = await getRuntime();
  const guidebookIds = input.role === 'admin' ? [] : [...new Set(input.guidebookIds)];
  const id = nanoid();
  await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, membersLock(access.teamId));
    if (guidebookIds.length > 0) {
      const live = await trx.selectFrom('instructions').select('id').where('team_id', '=', access.teamId).where('deleted_at', 'is', null).where('id', 'in', guidebookIds).execute();
      if (live.length !== guidebookIds.length) throw new AppError('BAD_REQUEST', messages.invitations.guidebookUnknown);
    }
    const member = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.id')
      .where('memberships.team_id', '=', access.teamId)
      .where(sql`lower(users.email)`, '=', input.email)
      .executeTakeFirst();
    if (member) throw new AppError('CONFLICT', messages.invitations.alreadyMember);
    const open = await trx.selectFrom('team_invitations').select(['id', 'expires_at']).where('team_id', '=', access.teamId).where('email', '=', input.email).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (open && open.expires_at > now) throw new AppError('CONFLICT', messages.invitations.alreadyInvited);
    // An expired invitation to the address is closed, so the new one may take its place.
    if (open) await trx.updateTable('team_invitations').set({ revoked_at: now }).where('id', '=', open.id).execute();
    const plan = await getTeamPlanIn(trx, access.teamId);
    if ((await seatsTaken(trx, access.teamId, now)) >= findPlan(plan).memberLimit) throw memberLimitError(plan);
    const token = generateToken();
    const row: TeamInvitationsTable = {
      id,
      team_id: access.teamId,
      email: input.email,
      role: input.role,
      may_see_secrets: input.role === 'cleaner' && input.maySeeSecrets ? 1 : 0,
      token_hash: hashToken(token),
      invited_by: access.userId,
      created_at: now,
      expires_at: now + INVITATION_LIFETIME_MS,
      sent_at: now,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    };
    await trx.insertInto('team_invitations').values(row).execute();
    if (guidebookIds.length > 0) await trx.insertInto('invitation_guidebooks').values(guidebookIds.map((instruction_id) => ({ invitation_id: id, instruction_id }))).execute();
    await mailLink(trx, inviter, row, token, now);
    await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'invitation.sent', subjectId: id, details: { email: row.email, role: row.role }, now });
  });
  outbox.kick();
  return { id };
}

/** The open invitation `id` of the team, or 404 (another team's reads as none); 409 once accepted or revoked. */
async function openInvitation(trx: Kysely<Database>, teamId: string, id: string): Promise<TeamInvitationsTable> {
  const row = await trx.selectFrom('team_invitations').selectAll().where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', messages.invitations.notFound);
  if (row.accepted_at !== null || row.revoked_at !== null) throw new AppError('CONFLICT', messages.invitations.notOpen);
  return row;
}

/** POST /api/team/invitations/:id/resend (Owner): a new token and a new 7 days; the old link dies. */
export async function resendInvitation(inviter: Inviter, id: string, now = Date.now()): Promise<{ email: string }> {
  const { db, dialect, outbox } = await getRuntime();
  const email = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, membersLock(inviter.access.teamId));
    const row = await openInvitation(trx, inviter.access.teamId, id);
    // An expired invitation no longer holds a place: resending it takes one again.
    if (row.expires_at <= now) {
      const plan = await getTeamPlanIn(trx, inviter.access.teamId);
      if ((await seatsTaken(trx, inviter.access.teamId, now)) >= findPlan(plan).memberLimit) throw memberLimitError(plan);
    }
    const token = generateToken();
    await trx.updateTable('team_invitations').set({ token_hash: hashToken(token), expires_at: now + INVITATION_LIFETIME_MS, sent_at: now }).where('id', '=', id).execute();
    await mailLink(trx, inviter, row, token, now);
    await recordActivity(trx, { teamId: inviter.access.teamId, by: memberActor(inviter.access), action: 'invitation.resent', subjectId: id, details: { email: row.email }, now });
    return row.email;
  });
  outbox.kick();
  return { email };
}

/** DELETE /api/team/invitations/:id (Owner): the link dies and the place is free again. */
export async function revokeInvitation(access: TeamAccess, id: string, now = Date.now()): Promise<void> {
  const { db, dialect } = await getRuntime();
  await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, membersLock(access.teamId));
    const row = await openInvitation(trx, access.teamId, id);
    await trx.updateTable('team_invitations').set({ revoked_at: now }).where('id', '=', id).execute();
    await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'invitation.revoked', subjectId: id, details: { email: row.email }, now });
  });
}

/** GET /api/team/invitations (Owner): the invitations neither accepted nor revoked, newest first, expired ones marked. */
export async function listInvitations(access: TeamAccess, now = Date.now()): Promise<PendingInvitation[]> {
  const { db } = await getRuntime();
  const rows = await db.selectFrom('team_invitations').selectAll().where('team_id', '=', access.teamId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).orderBy('created_at', 'desc').orderBy('id').execute();
  const grants = rows.length === 0 ? [] : await db.selectFrom('invitation_guidebooks').selectAll().where('invitation_id', 'in', rows.map((row) => row.id)).execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    maySeeSecrets: row.may_see_secrets === 1,
    guidebookIds: grants.filter((grant) => grant.invitation_id === row.id).map((grant) => grant.instruction_id),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= now,
  }));
}
