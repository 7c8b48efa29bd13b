import type { Kysely } from 'kysely';
import type { Storage } from 'unstorage';
import type { Database } from '@db/schema.ts';
import type { JobLease } from '../cluster/job-lease.ts';
import type { Logger } from '../logger.ts';
import { ownUploadKeysIn } from './media-path.ts';
import { UPLOAD_GRACE_MS } from './upload-limits.ts';
import { processState } from '../process-state.ts';

const DELETE_CHUNK = 500;

/**
 * Deletes uploads that their owner no longer references: none of the owner's instructions (step
 * and additional-info images, the host photo, or any other field), neither the owner's settings
 * nor profile picture mention their /media/ path. Another account naming the path keeps nothing
 * alive (SECURITY.md 30), so it cannot hold files, and quota, of someone else's. Only uploads
 * older than the grace period go, so an image uploaded a moment ago and not yet saved survives.
 * Returns the keys removed.
 *
 * The reference check and the row deletion share one transaction: a save committed meanwhile makes
 * the deletion fail (and the next run try again) rather than lose a referenced file. Files are
 * removed after the commit; a failure there leaves a stray file, never a broken reference.
 * TODO(issue 13 item 3): that failure is SQLite's (one writer, a stale snapshot cannot write). On
 * PostgreSQL a save that re-references an hour-old orphan while this pass runs is not seen (even
 * SERIALIZABLE allows it: a save reads no upload row); closing that window needs saves to take part,
 * e.g. a per-owner advisory lock that saves and this pass both take.
 */
export async function removeUnreferencedUploads({
  db,
  storage,
  now = Date.now(),
  graceMs = UPLOAD_GRACE_MS,
}: {
  db: Kysely<Database>;
  storage: Storage;
  now?: number;
  graceMs?: number;
}): Promise<string[]> {
  const removed = await db.transaction().execute(async (trx) => {
    const candidates = await trx.selectFrom('uploads').select('key').where('created_at', '<', now - graceMs).execute();
    if (candidates.length === 0) return [];
    const referenced = await collectReferencedKeys(trx);
    const orphans = candidates.map((row) => row.key).filter((key) => !referenced.has(key));
    for (let start = 0; start < orphans.length; start += DELETE_CHUNK) {
      await trx.deleteFrom('uploads').where('key', 'in', orphans.slice(start, start + DELETE_CHUNK)).execute();
    }
    return orphans;
  });
  for (const key of removed) await storage.removeItem(key);
  return removed;
}

/** Every upload key its owner mentions anywhere their content lives; streamed, never all in memory. */
async function collectReferencedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (ownerId: string, text: string) => {
    for (const key of ownUploadKeysIn(text, ownerId)) keys.add(key);
  };
  for await (const row of db.selectFrom('instructions').select(['user_id', 'data']).stream()) add(row.user_id, row.data);
  for await (const row of db.selectFrom('user_settings').select(['user_id', 'data']).stream()) add(row.user_id, row.data);
  for await (const row of db.selectFrom('users').select(['id', 'picture']).where('picture', '!=', '').stream()) add(row.id, row.picture);
  return keys;
}

const DEBOUNCE_MS = 5_000;
const INTERVAL_MS = 60 * 60_000;

export interface UploadCleanup {
  /** Runs a pass soon (debounced): call after saves, deletes and picture changes. */
  schedule(): void;
  /** Runs a pass now (or waits for the one running) and returns the keys removed (none when another server runs one). */
  run(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts the clean-up for the process: one pass at boot, then every hour, plus debounced passes on
 * request. Timers are unref'd so they never hold the process open. Started by workers.ts. With
 * several servers a pass runs on one of them at a time (`jobs`, cluster/job-lease.ts): a server
 * whose turn finds another one cleaning up skips it.
 */
export function startUploadCleanup({ db, storage, log, jobs }: { db: Kysely<Database>; storage: Storage; log: Logger; jobs: JobLease }): UploadCleanup {
  let running: Promise<string[]> | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = (): Promise<string[]> => {
    running ??= jobs
      .run('upload-cleanup', () => removeUnreferencedUploads({ db, storage }))
      .then((turn) => {
        if (!turn.ran) {
          log.debug('uploads: clean-up running on another server, this turn skipped');
          return [];
        }
        const removed = turn.result;
        if (removed.length > 0) log.info({ count: removed.length }, 'uploads: removed unreferenced files');
        return removed;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'uploads: clean-up failed, will retry');
        return [];
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const runInBackground = () => {
    if (!stopped) void run();
  };

  const interval = setInterval(runInBackground, INTERVAL_MS);
  interval.unref();
  setImmediate(runInBackground);

  return {
    schedule() {
      if (stopped) return;
      clearTimeout(debounce);
      debounce = setTimeout(runInBackground, DEBOUNCE_MS);
      debounce.unref();
    },
    run,
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(debounce);
      await running;
    },
  };
}

/**
 * Asks for a clean-up pass soon. For instruction saves and deletes and profile-picture changes:
 * the replaced file goes once nothing references it and it is past the grace period.
 */
export function scheduleUploadCleanup(): void {
  processState.workers?.uploadCleanup.schedule();
}
