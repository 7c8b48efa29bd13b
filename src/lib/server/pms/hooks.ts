import { createHash } from 'node:crypto';
import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { readRawBody } from '../http/json.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { SecretBoxError } from '../platform/secret-box.ts';
import type { HookHint, HookRequest } from './adapter.ts';
import { integrationsKeyRing, openCredentials } from './credentials.ts';
import { adapterFor } from './pms-systems.ts';

/**
 * A booking system's webhook, `POST` (or, for Beds24's body-less form, `GET`)
 * `/api/pms/hooks/:hookId` (docs/decisions/029-pms-connectors.md §5): a hint, never applied. In
 * order: the hook id names an integration (404 otherwise, or for a system without webhooks); one
 * waiting for a new connect answers 200 and queues nothing; the hook's rate limit (429 with
 * Retry-After); the body read raw, at most 64 KB (413); the adapter's `verify` (401, nothing
 * stored); its `hint`, which takes only reservation ids; then one `INSERT … ON CONFLICT DO
 * NOTHING` into `pms_hook_inbox` (the ids and a digest, never the body) and `last_hook_at`. The
 * inbox worker (inbox-worker.ts) reads the reservations again after the answer.
 */
export const HOOK_BODY_LIMIT = 64 * 1024;

/** A hook id as connect makes it (integrations.ts): 24 of nanoid's characters; anything else is no hook. */
const HOOK_ID = /^[\w-]{24}$/;
/** A reservation id as the inbox keeps it (comma-separated): a system's ids are short and plain. */
const RESERVATION_ID = /^[\w.:/-]{1,64}$/;
const MOST_IDS = 50;

/** Each delivery of a GET hint ("read what changed") is its own row within a minute; a body's repeat is the same row. */
function dedupeKey(system: string, hint: Exclude<HookHint, { kind: 'ignore' }>, body: Uint8Array, now: number): string {
  const ids = hint.kind === 'reservations' ? hint.ids.join(',') : `changed@${Math.floor(now / 60_000)}`;
  return createHash('sha256').update(`${system}\n${ids}\n`).update(body).digest('hex');
}

/** Answers whether a hint was queued (the caller kicks the inbox worker after its answer). */
export async function receiveHook(hookId: string, request: Request): Promise<boolean> {
  if (!HOOK_ID.test(hookId)) throw new AppError('NOT_FOUND', messages.integrations.hookNotFound);
  const { db, config, log } = await getRuntime();
  const ring = integrationsKeyRing(config);
  const row = await db.selectFrom('pms_integrations').selectAll().where('hook_id', '=', hookId).executeTakeFirst();
  const hooks = row ? adapterFor(row.system).hooks : undefined;
  if (!row || !hooks) throw new AppError('NOT_FOUND', messages.integrations.hookNotFound);
  // The reads after the host connects again catch up; a system that disables failing webhooks is given no cause.
  if (row.state !== 'active') return false;
  await consumeRateLimits([rateRules.pmsHook(row.id)], Date.now(), messages.integrations.tooManyHooks);

  const body = await readRawBody(request, HOOK_BODY_LIMIT);
  const hookRequest: HookRequest = { method: request.method === 'POST' ? 'POST' : 'GET', headers: request.headers, body, query: new URL(request.url).searchParams };
  let hookSecret: string;
  try {
    hookSecret = openCredentials(ring, row).hookSecret;
  } catch (error) {
    // The sync turns it `reconnect` and mails the team; a webhook has nothing to add.
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
  if (!hooks.verify(hookRequest, hookSecret)) {
    log.warn({ integrationId: row.id, system: row.system }, 'pms: a webhook failed its check');
    throw new AppError('UNAUTHORIZED', messages.integrations.hookRefused);
  }
  const hinted = hooks.hint(hookRequest, row.account_ref);
  if (hinted.kind === 'ignore') return false;
  const hint = hinted.kind === 'reservations' ? { ...hinted, ids: [...new Set(hinted.ids.filter((id) => RESERVATION_ID.test(id)))].slice(0, MOST_IDS) } : hinted;
  if (hint.kind === 'reservations' && hint.ids.length === 0) return false;

  const now = Date.now();
  const queued = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('pms_hook_inbox')
      .values({ integration_id: row.id, dedupe_key: dedupeKey(row.system, hint, body, now), reservation_ids: hint.kind === 'reservations' ? hint.ids.join(',') : '', received_at: now, processed_at: null, next_attempt_at: now })
      .onConflict((conflict) => conflict.columns(['integration_id', 'dedupe_key']).doNothing())
      .executeTakeFirst();
    await trx.updateTable('pms_integrations').set({ last_hook_at: now }).where('id', '=', row.id).execute();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  });
  // Ids only, as the row: never a guest field (§3, §10).
  log.info({ integrationId: row.id, system: row.system, reservations: hint.kind === 'reservations' ? hint.ids : 'changed', queued }, 'pms: webhook');
  return queued;
}
