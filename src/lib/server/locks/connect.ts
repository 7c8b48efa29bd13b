import type { Selectable } from 'kysely';
import { nanoid } from 'nanoid';
import type { LockConnectAttemptsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { AppError, isAppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { accountColumns, readAccount, seamUnreachable } from './accounts.ts';
import { storeDevices } from './devices.ts';
import { teamHasLocks, type SeamSettings } from './lock-config.ts';
import { SeamCallError, seamCalls } from './seam-client.ts';

/**
 * Connecting a lock account (docs/decisions/030-smart-locks.md §3.1–3.3): an attempt of the team,
 * a Seam Connect Webview the browser opens as a top-level page, and, back on the return URL, the
 * webview read by the id we stored (never by anything in the URL) and the account and its locks
 * stored for the team, in one transaction.
 */

/** 24 characters of nanoid's 64: the attempt's id travels in the return URL. */
const ATTEMPT_ID_LENGTH = 24;
const ATTEMPT_LIFETIME_MS = 60 * 60 * 1000;

/** Makes the attempt and its webview: the URL the browser goes to (only on Seam's origin, else 502). */
export async function startConnect(access: TeamAccess, settings: SeamSettings): Promise<{ url: string; attemptId: string }> {
  const { db, config, log } = await getRuntime();
  const now = Date.now();
  const id = nanoid(ATTEMPT_ID_LENGTH);
  await db.insertInto('lock_connect_attempts').values({ id, team_id: access.teamId, user_id: access.userId, seam_connect_webview_id: null, created_at: now, expires_at: now + ATTEMPT_LIFETIME_MS, completed_at: null, outcome: null }).execute();
  const back = new URL('/dashboard/locks', config.appUrl);
  back.searchParams.set('attempt', id);
  const failure = new URL(back);
  failure.searchParams.set('failed', '1');
  let webview;
  try {
    webview = await seamCalls.createWebview(settings, { redirectUrl: back.href, failureUrl: failure.href, teamId: access.teamId });
  } catch (error) {
    throw seamUnreachable(error);
  }
  await db.updateTable('lock_connect_attempts').set({ seam_connect_webview_id: webview.connect_webview_id }).where('id', '=', id).execute();
  // The answer is Seam's, and a redirect target is ours to check (§3.1).
  if (!sameOrigin(webview.url, settings.endpoint)) {
    log.warn({ teamId: access.teamId, attemptId: id }, 'locks: a webview URL off Seam’s origin was refused');
    throw new AppError('BAD_GATEWAY', messages.locks.unreachable);
  }
  return { url: webview.url, attemptId: id };
}

function sameOrigin(url: unknown, endpoint: string): boolean {
  if (typeof url !== 'string' || !URL.canParse(url)) return false;
  return new URL(url).origin === new URL(endpoint).origin;
}

export type CompleteOutcome = { status: 200; message: string } | { status: 202; message: string };

type Attempt = Selectable<LockConnectAttemptsTable>;
/** Who an attempt connects for: its team, and the member who started it (gone: null). */
type Starter = { teamId: string; userId: string | null };

/**
 * Back from the webview: 202 while Seam says pending, 422 when it failed, 200 with the account and
 * its locks stored when authorized; 404 for an attempt not the team's or expired, 409 when done,
 * or when the account is another team's.
 */
export async function completeConnect(access: TeamAccess, settings: SeamSettings, attemptId: string): Promise<CompleteOutcome> {
  const { db } = await getRuntime();
  const attempt = await db.selectFrom('lock_connect_attempts').selectAll().where('id', '=', attemptId).where('team_id', '=', access.teamId).executeTakeFirst();
  if (!attempt || !attempt.seam_connect_webview_id || attempt.expires_at < Date.now()) throw new AppError('NOT_FOUND', messages.locks.attemptNotFound);
  if (attempt.completed_at !== null) throw new AppError('CONFLICT', messages.locks.alreadyCompleted);
  return finishAttempt({ teamId: access.teamId, userId: access.userId }, settings, attempt, attempt.seam_connect_webview_id);
}

/**
 * A `connect_webview` webhook (locks/webhook-inbox.ts): an attempt still open is completed as the
 * host's return would complete it (§3.2), so a host who closed the tab after signing in finds the
 * account connected. Nothing for an attempt completed, expired or unknown, or a team no longer on a
 * plan with locks; a webview still pending waits for the host's return or Seam's next event. Seam
 * out of reach: its SeamCallError, for the inbox to try again.
 */
export async function completeFromWebhook(settings: SeamSettings, webviewId: string): Promise<void> {
  const { db, log } = await getRuntime();
  const attempt = await db.selectFrom('lock_connect_attempts').selectAll().where('seam_connect_webview_id', '=', webviewId).executeTakeFirst();
  if (!attempt || attempt.completed_at !== null || attempt.expires_at < Date.now()) return;
  if (!(await teamHasLocks({ teamId: attempt.team_id }))) return;
  try {
    await finishAttempt({ teamId: attempt.team_id, userId: attempt.user_id }, settings, attempt, webviewId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.cause instanceof SeamCallError) throw error.cause;
    // Completed by the host's return meanwhile, the sign-in failed, or the account is another team's: the attempt says so.
    log.info({ teamId: attempt.team_id, attemptId: attempt.id, outcome: error.code }, 'locks: a webview event found nothing to complete');
  }
}

async function finishAttempt(starter: Starter, settings: SeamSettings, attempt: Attempt, webviewId: string): Promise<CompleteOutcome> {
  const { db } = await getRuntime();
  let webview;
  try {
    webview = await seamCalls.getWebview(settings, webviewId);
  } catch (error) {
    throw seamUnreachable(error);
  }
  if (webview.status === 'failed') {
    await db.updateTable('lock_connect_attempts').set({ completed_at: Date.now(), outcome: 'failed' }).where('id', '=', attempt.id).where('completed_at', 'is', null).execute();
    throw new AppError('UNPROCESSABLE', messages.locks.connectFailed);
  }
  if (webview.status !== 'authorized' || !webview.connected_account_id) return { status: 202, message: messages.locks.stillConnecting };
  const { account, devices } = await readAccount(settings, webview.connected_account_id);
  const label = await storeAccount(starter, attempt.id, account, devices);
  return { status: 200, message: messages.locks.connected(label, devices.length) };
}

/** In one transaction: the account (new, or the team's own again), its devices, the attempt completed. */
async function storeAccount(starter: Starter, attemptId: string, account: Awaited<ReturnType<typeof readAccount>>['account'], devices: Awaited<ReturnType<typeof readAccount>>['devices']): Promise<string> {
  const { db, log } = await getRuntime();
  const now = Date.now();
  const columns = accountColumns(account, now);
  const accountId = await db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('lock_connect_attempts').set({ completed_at: now, outcome: 'connected' }).where('id', '=', attemptId).where('completed_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('CONFLICT', messages.locks.alreadyCompleted);
    const held = await trx.selectFrom('lock_accounts').select(['id', 'team_id']).where('seam_connected_account_id', '=', account.connected_account_id).executeTakeFirst();
    if (held && held.team_id !== starter.teamId) throw new AppError('CONFLICT', messages.locks.otherTeam);
    const id = held?.id ?? nanoid();
    if (held) await trx.updateTable('lock_accounts').set({ ...columns, disconnected_at: null }).where('id', '=', id).execute();
    else await trx.insertInto('lock_accounts').values({ id, team_id: starter.teamId, seam_connected_account_id: account.connected_account_id, ...columns, disconnected_at: null, disconnect_mailed_at: null, connected_by: starter.userId, created_at: now }).execute();
    await storeDevices(trx, { teamId: starter.teamId, accountId: id }, devices, now);
    return id;
  });
  log.info({ teamId: starter.teamId, accountId, locks: devices.length }, 'locks: account connected');
  return columns.provider_label;
}
