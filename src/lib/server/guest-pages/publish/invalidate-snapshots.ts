import { getRuntime } from '../../platform/runtime.ts';
import { rebuiltPages, revokeSnapshot, scheduleRebuild } from './rebuild-snapshots.ts';
import { forgetStoredSnapshot, removeVariantsExcept } from '../store/snapshot-store.ts';

export interface SnapshotWrite {
  id: string;
  /** The guidebook's token when the writer holds it (else it is read). */
  token?: string;
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
export async function invalidateSnapshotsAfterWrite({ id, token, oldToken, deleted, secretsChanged }: SnapshotWrite): Promise<void> {
  if (oldToken) await revokeSnapshot(oldToken);
  if (deleted) return;
  const { db, log } = await getRuntime();
  const current = token ?? (await db.selectFrom('instructions').select('token').where('id', '=', id).executeTakeFirst())?.token;
  if (!current) return;
  if (secretsChanged) {
    await revokeSnapshot(current);
    scheduleRebuild(current);
    return;
  }
  // The variants the rebuild does not render leave memory now and the store in the background:
  // until they are gone from it this process reads none of them there (snapshot-store.ts), and the
  // rebuild waits for them before it tells other servers (their next guest reads the store). The
  // rebuilt page's stored copies go in the background too; guests keep its memory copy meanwhile.
  // Both deletes are queued before the rebuild can render, let alone store. A store out of reach
  // keeps the stored copies unserved until they are removed (pending-removals.ts); only the
  // database failing as well gets to the log lines below.
  const rebuilt = rebuiltPages(current);
  const cleared = removeVariantsExcept(current, rebuilt).catch((error: unknown) => log.error({ err: error, token: current.slice(0, 4) }, 'snapshot store: page variants neither removed nor listed for removal'));
  void forgetStoredSnapshot(current, rebuilt).catch((error: unknown) => log.error({ err: error, token: current.slice(0, 4) }, 'snapshot store: stored copy neither removed nor listed for removal'));
  scheduleRebuild(current, cleared);
}

/**
 * Every guidebook of team `teamId` after a change of plan (branding, theme and product footer
 * depend on it, docs/product.md §4): rendered again off the request path, like a publish.
 */
export async function rebuildSnapshotsForTeam(teamId: string): Promise<void> {
  const { db } = await getRuntime();
  const rows = await db.selectFrom('instructions').select('token').where('team_id', '=', teamId).where('deleted_at', 'is', null).execute();
  for (const row of rows) {
    const rebuilt = rebuiltPages(row.token);
    await removeVariantsExcept(row.token, rebuilt);
    await forgetStoredSnapshot(row.token, rebuilt);
    scheduleRebuild(row.token);
  }
}
