import { getRuntime } from '../runtime.ts';
import { removeSnapshot } from './snapshot-store.ts';
import { bumpWriteEpoch } from './write-epoch.ts';

export interface SnapshotWrite {
  id: string;
  oldToken?: string;
  deleted?: boolean;
}

/**
 * After a write to guidebook `id`: its snapshot goes, and so does the one of a token that stopped
 * working (regenerated link, delete), so the old link answers 404 at once. The next guest request
 * renders the new content from SQLite and stores it (the rebuild); see docs/decisions/007.
 */
export async function invalidateSnapshotsAfterWrite({ id, oldToken, deleted }: SnapshotWrite): Promise<void> {
  bumpWriteEpoch();
  const tokens = new Set<string>();
  if (oldToken) tokens.add(oldToken);
  if (!deleted) {
    const { db } = await getRuntime();
    const row = await db.selectFrom('instructions').select('token').where('id', '=', id).executeTakeFirst();
    if (row) tokens.add(row.token);
  }
  await Promise.all([...tokens].map((token) => removeSnapshot(token)));
  bumpWriteEpoch();
}

/**
 * Every guidebook of `userId` after a change of plan (branding, theme and product footer depend
 * on it, SPEC §4): for the billing work to call when a subscription starts, changes or ends.
 */
export async function rebuildSnapshotsForUser(userId: string): Promise<void> {
  bumpWriteEpoch();
  const { db } = await getRuntime();
  const rows = await db.selectFrom('instructions').select('token').where('user_id', '=', userId).execute();
  await Promise.all(rows.map((row) => removeSnapshot(row.token)));
  bumpWriteEpoch();
}
