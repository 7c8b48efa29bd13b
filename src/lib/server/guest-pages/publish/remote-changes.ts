import type { SnapshotEvent } from './snapshot-bus.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import { noteRevokedElsewhere, rebuiltPages } from './rebuild-snapshots.ts';
import { markRemovalPending, reloadPendingRemovals } from '../store/pending-removals.ts';
import { dropMemoryCopies, dropAllMemoryCopies } from '../store/snapshot-store.ts';
import { bumpTokenEpoch, bumpWriteEpoch } from '../store/write-epoch.ts';

/**
 * What this server does when another server changed a guidebook (guest-pages/publish/snapshot-bus.ts;
 * docs/decisions/012). Only memory changes here: the server that made the change keeps the shared
 * store right.
 */

/** How long a `published` page may stay in memory without its `stored` (the other server died). */
export const REMOTE_RENDER_DEADLINE_MS = 30_000;

/** Pages another server is rendering after a publish, by token. */
const elsewhere = processSingleton('rendering-elsewhere', () => new Map<string, { done: Promise<void>; resolve: () => void; timer: NodeJS.Timeout }>());

export function applyRemoteSnapshotEvent({ kind, token }: SnapshotEvent): void {
  // A render of this token under way here read the row before the change: it must not store.
  bumpTokenEpoch(token);
  if (kind === 'published') {
    // The variants the other server will not render again went from the store before this event.
    dropMemoryCopies(token, rebuiltPages(token));
    awaitRemoteRender(token);
    return;
  }
  if (kind === 'unremoved') {
    markRemovalPending(token);
    return;
  }
  if (kind === 'revoked') noteRevokedElsewhere(token);
  // `stored`: the next guest reads the new page from the store; `revoked`: there is none.
  dropMemoryCopies(token);
  settle(token);
}

/** Events may have been missed (the bus reconnected): nothing in memory can be trusted. */
export function forgetEverythingFromElsewhere(): void {
  dropAllMemoryCopies();
  bumpWriteEpoch();
  // Nor which stored pages another server could not remove meanwhile.
  reloadPendingRemovals();
  for (const token of [...elsewhere.keys()]) settle(token);
}

/** True while another server renders `token`'s page after a publish. */
export function renderingElsewhere(token: string): boolean {
  return elsewhere.has(token);
}

/**
 * Resolves when the page another server is rendering for `token` is stored (or dropped), at once
 * when none is: a guest miss here waits for it instead of rendering the page a second time.
 */
export function remoteRender(token: string): Promise<void> {
  return elsewhere.get(token)?.done ?? Promise.resolve();
}

function awaitRemoteRender(token: string): void {
  if (elsewhere.has(token)) return;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  // Should the other server never say `stored`, the previous page does not stay here for ever.
  const timer = setTimeout(() => {
    dropMemoryCopies(token);
    settle(token);
  }, REMOTE_RENDER_DEADLINE_MS);
  timer.unref();
  elsewhere.set(token, { done, resolve, timer });
}

function settle(token: string): void {
  const waiting = elsewhere.get(token);
  if (!waiting) return;
  elsewhere.delete(token);
  clearTimeout(waiting.timer);
  waiting.resolve();
}
