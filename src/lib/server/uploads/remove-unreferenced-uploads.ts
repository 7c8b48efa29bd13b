import type { Kysely } from 'kysely';
import type { Storage } from 'unstorage';
import type { Database } from '@db/schema.ts';
import type { Logger } from '../logger.ts';
import { uploadKeysIn } from './media-path.ts';
import { UPLOAD_GRACE_MS } from './upload-limits.ts';
import { processState } from '../process-state.ts';

const DELETE_CHUNK = 500;

/**
 * Deletes uploads that nothing references any more: no instruction (step and additional-info
 * images, the host photo, or any other field), no user's settings and no profile picture mention
 * their /media/ path. Only uploads older than the grace period go, so an image uploaded a moment
 * ago and not yet saved survives. Returns the keys removed.
 *
 * The reference check and the row deletion share one transaction: a save committed meanwhile makes
 * the deletion fail (and the next run try again) rather than lose a referenced file. Files are
 * removed after the commit; a failure there leaves a stray file, never a broken reference.
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

/** Every upload key mentioned anywhere a user's content lives; streamed, never all in memory. */
async function collectReferencedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (text: string) => {
    for (const key of uploadKeysIn(text)) keys.add(key);
  };
  for await (const row of db.selectFrom('instructions').select('data').stream()) add(row.data);
  for await (const row of db.selectFrom('user_settings').select('data').stream()) add(row.data);
  for await (const row of db.selectFrom('users').select('picture').where('picture', '!=', '').stream()) add(row.picture);
  return keys;
}

const DEBOUNCE_MS = 5_000;
const INTERVAL_MS = 60 * 60_000;

export interface UploadCleanup {
  /** Runs a pass soon (debounced): call after saves, deletes and picture changes. */
  schedule(): void;
  /** Runs a pass now (or waits for the one running) and returns the keys removed. */
  run(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts the clean-up for the process: one pass at boot, then every hour, plus debounced passes on
 * request. Timers are unref'd so they never hold the process open. Started by workers.ts.
 */
export function startUploadCleanup({ db, storage, log }: { db: Kysely<Database>; storage: Storage; log: Logger }): UploadCleanup {
  let running: Promise<string[]> | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = (): Promise<string[]> => {
    running ??= removeUnreferencedUploads({ db, storage })
      .then((removed) => {
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
