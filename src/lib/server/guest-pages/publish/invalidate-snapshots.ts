import { getRuntime } from '../../runtime.ts';
import { rebuiltPages, revokeSnapshot, scheduleRebuild } from './rebuild-snapshots.ts';
import { forgetStoredSnapshot, removeVariantsExcept } from '../store/snapshot-store.ts';

export interface SnapshotWrite {
  id: string;
  oldToken?: string;
  deleted?: boolean;
  /** The door code or the Wi-Fi password changed: the old page must not be served a moment longer. */
  secretsChanged?: boolean;
}

/**
 * After a write to guidebook `id` has committed (docs/decisions/007): the page is rendered again
 * off the request path, and guests keep the previous snapshot (its in-memory copy; the stored one
 * goes now, so a restart before the rebuild cannot bring the old page back) until the new one is
 * stored. A token that stopped working (regenerated link, delete) loses its snapshot at once, so the old
 * link answers 404 now; so does the current page when a secret on it changed.
 */
export async function invalidateSnapshotsAfterWrite({ id, oldToken, deleted, secretsChanged }: SnapshotWrite): Promise<void> {
  if (oldToken) await revokeSnapshot(oldToken);
  if (deleted) return;
  const { db, log } = await getRuntime();
  const row = await db.selectFrom('instructions').select('token').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  if (secretsChanged) {
    await revokeSnapshot(row.token);
  } else {
    // The variants the rebuild does not render go before the answer: nothing would replace them.
    // The rebuilt page's stored copies go in the background: the host's answer need not wait for
    // them (a thread-pool turn on disk, a round trip to a bucket), and guests keep its memory copy
    // meanwhile. The deletes are queued before the rebuild can render, let alone store. A store
    // out of reach keeps the stored copies unserved until they are removed (pending-removals.ts);
    // only the database failing as well gets to the log line below.
    const rebuilt = rebuiltPages(row.token);
    await removeVariantsExcept(row.token, rebuilt);
    void forgetStoredSnapshot(row.token, rebuilt).catch((error: unknown) => log.error({ err: error, token: row.token.slice(0, 4) }, 'snapshot store: stored copy neither removed nor listed for removal'));
  }
  scheduleRebuild(row.token);
}

/**
 * Every guidebook of `userId` after a change of plan (branding, theme and product footer depend
 * on it, docs/product.md §4): rendered again off the request path, like a publish.
 */
export async function rebuildSnapshotsForUser(userId: string): Promise<void> {
  const { db } = await getRuntime();
  const rows = await db.selectFrom('instructions').select('token').where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  for (const row of rows) {
    const rebuilt = rebuiltPages(row.token);
    await removeVariantsExcept(row.token, rebuilt);
    await forgetStoredSnapshot(row.token, rebuilt);
    scheduleRebuild(row.token);
  }
}
