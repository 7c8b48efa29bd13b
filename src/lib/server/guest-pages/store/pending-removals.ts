import { askItemKey } from '../../assistant/index-store.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { isServingProcess } from '../../platform/serving-process.ts';
import { ENCODINGS, pageId, storeKey, variantsOf, type GuestPageKey } from '../page-key.ts';
import { snapshotBus } from '../publish/snapshot-bus.ts';

/**
 * Stored snapshots that had to go but could not (docs/decisions/012, "Store outages"):
 * the store was out of reach (a bucket outage) when a link was regenerated, a guidebook deleted, a
 * secret changed or a page rebuilt. Left alone, the old page would be served again once the store
 * answers, from a dead link too. So the token is listed in `snapshot_removals` (the list outlives
 * the process), its removal is retried with back-off until the store answers, and until then no
 * server reads it from the store: a guest's page is rendered from the database instead (a dead
 * link answers 404, a live one its current content). Memory copies are unaffected: they are
 * always at least as new as the store.
 *
 * Every server learns of a token at once: the one that failed marks it before its write answers
 * and tells the others (`unremoved`, guest-pages/publish/snapshot-bus.ts); a server that starts, or may have
 * missed events, reads the table. Each server retries the whole list (removing twice is harmless)
 * and forgets a token when the table no longer has it.
 */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

const state = processSingleton('pending-removals', () => ({
  /** Tokens whose stored copies must go but could not yet, each with the mark it was listed at. */
  tokens: new Map<string, number>(),
  marks: 0,
  timer: undefined as NodeJS.Timeout | undefined,
  retryMs: 0,
}));

/** True while `token`'s stored copies must not be read. */
export function isRemovalPending(token: string): boolean {
  return state.tokens.size > 0 && state.tokens.has(token);
}

/**
 * `token`'s stored copies could not be removed: kept out of reach now, listed in the database, and
 * the other servers told. Throws only when the database cannot list it either.
 */
export async function recordPendingRemoval(token: string, cause: unknown): Promise<void> {
  markRemovalPending(token);
  const { db, log } = await getRuntime();
  log.warn({ err: cause, token: token.slice(0, 4) }, 'snapshot store: a stored page could not be removed; it is never served and its removal is retried');
  const now = Date.now();
  await db
    .insertInto('snapshot_removals')
    .values({ token, created_at: now })
    .onConflict((conflict) => conflict.column('token').doUpdateSet({ created_at: now }))
    .execute();
  // Marked again once the row exists: a retry pass that read the table before it cannot unmark it.
  markRemovalPending(token);
  await snapshotBus()?.publish({ kind: 'unremoved', token });
}

/** Keeps `token` out of the store's reach here until a retry pass finds its row gone. */
export function markRemovalPending(token: string): void {
  state.marks += 1;
  state.tokens.set(token, state.marks);
  scheduleRetry();
}

/** Reads the list from the database: at start, and whenever events from elsewhere may have been missed. */
export async function loadPendingRemovals(): Promise<void> {
  const { db } = await getRuntime();
  const rows = await db.selectFrom('snapshot_removals').select('token').execute();
  for (const { token } of rows) markRemovalPending(token);
}

/** The same in the background, when events may have been missed; a failure is logged. */
export function reloadPendingRemovals(): void {
  loadPendingRemovals().catch(async (error: unknown) => (await getRuntime()).log.warn({ err: error }, 'snapshot store: the list of pages to remove could not be read'));
}

/**
 * One pass: removes every listed token's stored copies, clears the rows that succeeded, and
 * forgets here the tokens no longer listed. Returns how many are still to remove.
 */
export async function retryPendingRemovals(): Promise<number> {
  const { db, log } = await getRuntime();
  const marksBefore = state.marks;
  const rows = await db.selectFrom('snapshot_removals').select(['token', 'created_at']).execute();
  const left = new Set<string>();
  let lastError: unknown;
  for (const row of rows) {
    try {
      await removeStoredCopies(variantsOf(row.token));
      // A failure recorded again since this pass read the row keeps it.
      await db.deleteFrom('snapshot_removals').where('token', '=', row.token).where('created_at', '<=', row.created_at).execute();
    } catch (error) {
      left.add(row.token);
      lastError = error;
    }
  }
  for (const [token, mark] of state.tokens) {
    if (mark <= marksBefore && !left.has(token)) state.tokens.delete(token);
  }
  for (const token of left) if (!state.tokens.has(token)) state.tokens.set(token, marksBefore);
  const removed = rows.length - left.size;
  if (removed > 0) log.info({ count: removed }, 'snapshot store: removed stored pages left over from an outage');
  if (left.size > 0) log.warn({ err: lastError, count: left.size }, 'snapshot store: stored pages still to remove; retrying');
  return left.size;
}

/**
 * The stored items of `pages` (every encoding, and the index "Ask the guidebook" keeps beside each:
 * docs/decisions/031 §4); throws when the store cannot be reached.
 */
export async function removeStoredCopies(pages: readonly GuestPageKey[]): Promise<void> {
  const { storage } = await getRuntime();
  await storage.removeMany(
    'snapshots',
    pages.flatMap((page) => [...ENCODINGS.map((encoding) => storeKey(page, encoding)), askItemKey(pageId(page))]),
  );
}

/** Retries run in serving processes only (the admin command line leaves them to the servers). */
function scheduleRetry(): void {
  if (state.timer || state.tokens.size === 0 || !isServingProcess()) return;
  state.retryMs = state.retryMs === 0 ? RETRY_MIN_MS : Math.min(state.retryMs * 2, RETRY_MAX_MS);
  state.timer = setTimeout(() => void runRetry(), state.retryMs);
  state.timer.unref();
}

async function runRetry(): Promise<void> {
  try {
    await retryPendingRemovals();
  } catch (error) {
    (await getRuntime()).log.warn({ err: error }, 'snapshot store: the list of pages to remove could not be read; retrying');
  } finally {
    state.timer = undefined;
    if (state.tokens.size === 0) state.retryMs = 0;
    scheduleRetry();
  }
}

/** Stops the retries (the server is stopping); the list stays in the database for the next start. */
export function stopPendingRemovalRetries(): void {
  clearTimeout(state.timer);
  state.timer = undefined;
  state.retryMs = 0;
}
