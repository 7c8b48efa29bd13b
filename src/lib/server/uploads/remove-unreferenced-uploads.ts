import { sql, type Kysely } from 'kysely';
import type { Storage } from 'unstorage';
import type { Database } from '@db/schema.ts';
import type { JobLease } from '../platform/cluster/job-lease.ts';
import type { DialectName } from '../platform/db/dialect.ts';
import type { Logger } from '../platform/logger.ts';
import { purgeExpiredTrash } from '../guidebook/purge-expired-trash.ts';
import { revisionDocument } from '../guidebook/revision-data.ts';
import { ownUploadKeysIn } from './media-path.ts';
import { UPLOAD_GRACE_MS } from './upload-limits.ts';
import { inSpace } from './upload-space.ts';
import { lockOwnerUploads } from './uploads-in-use.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { startRecurringTurns } from '../platform/recurring-turns.ts';

const DELETE_CHUNK = 500;

/**
 * Deletes uploads that their space no longer references (a team's or a person's, upload-space.ts):
 * none of the team's guidebooks (step and additional-info images, the host photo, or any other
 * field; those in the trash and the saved versions included), neither the team's settings nor the
 * profile picture of the person whose space it is mention their /media/ path. Another account
 * naming the path keeps nothing alive (docs/security.md 30), so it cannot hold files, and quota,
 * of someone else's. Only uploads older than the grace period go, so an image uploaded a moment ago
 * and not yet saved survives. Returns the keys removed.
 *
 * One space at a time, each in a transaction holding that space's upload lock (uploads-in-use.ts):
 * a write that mentions one of the space's uploads anew either committed before (and its reference
 * is read here) or waits, then finds the file gone and answers 422; on PostgreSQL with several
 * servers as on SQLite. Files are removed after the commit; a failure there leaves a stray file,
 * never a broken reference.
 */
export async function removeUnreferencedUploads({
  db,
  dialect,
  storage,
  now = Date.now(),
  graceMs = UPLOAD_GRACE_MS,
}: {
  db: Kysely<Database>;
  dialect: DialectName;
  storage: Storage;
  now?: number;
  graceMs?: number;
}): Promise<string[]> {
  const cutoff = now - graceMs;
  const spaces = await db.selectFrom('uploads').select(sql<string>`coalesce(team_id, user_id)`.as('space')).distinct().where('created_at', '<', cutoff).execute();
  const removed: string[] = [];
  for (const { space } of spaces) {
    const orphans = await db.transaction().execute(async (trx) => {
      await lockOwnerUploads(trx, dialect, space);
      const candidates = await trx.selectFrom('uploads').select('key').where(inSpace(space)).where('created_at', '<', cutoff).execute();
      if (candidates.length === 0) return [];
      const referenced = await referencedKeysOf(trx, space);
      const unused = candidates.map((row) => row.key).filter((key) => !referenced.has(key));
      for (let start = 0; start < unused.length; start += DELETE_CHUNK) {
        await trx.deleteFrom('uploads').where('key', 'in', unused.slice(start, start + DELETE_CHUNK)).execute();
      }
      return unused;
    });
    for (const key of orphans) await storage.removeItem(key);
    removed.push(...orphans);
  }
  return removed;
}

/**
 * Every upload key of space `space` that its content mentions anywhere (the team's with that id,
 * the picture of the person with that id); instructions streamed, never all in memory.
 */
async function referencedKeysOf(db: Kysely<Database>, space: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (text: string) => {
    for (const key of ownUploadKeysIn(text, space)) keys.add(key);
  };
  // Guidebooks in the trash and saved versions count: a restore brings their images back.
  for await (const row of db.selectFrom('instructions').select('data').where('team_id', '=', space).stream()) add(row.data);
  for await (const row of db.selectFrom('instruction_revisions').select('data').where('team_id', '=', space).stream()) add(revisionDocument(row.data));
  const settings = await db.selectFrom('team_settings').select('data').where('team_id', '=', space).executeTakeFirst();
  if (settings) add(settings.data);
  const user = await db.selectFrom('users').select('picture').where('id', '=', space).executeTakeFirst();
  if (user) add(user.picture);
  return keys;
}

const DEBOUNCE_MS = 5_000;
export const UPLOAD_CLEANUP_MS = 60 * 60_000;

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
/** The clean-up this process runs (a serving process), for scheduleUploadCleanup(). */
const current = processSingleton('upload-cleanup', () => ({ cleanup: undefined as UploadCleanup | undefined }));

export function startUploadCleanup({ db, dialect, storage, log, jobs }: { db: Kysely<Database>; dialect: DialectName; storage: Storage; log: Logger; jobs: JobLease }): UploadCleanup {
  let debounce: NodeJS.Timeout | undefined;

  const turns = startRecurringTurns(UPLOAD_CLEANUP_MS, () =>
    jobs
      .run('upload-cleanup', async () => {
        // Trash past its 30 days goes first, so the pass below finds its uploads unreferenced.
        const purged = await purgeExpiredTrash({ db });
        if (purged > 0) log.info({ count: purged }, 'trash: purged guidebooks deleted more than 30 days ago');
        return removeUnreferencedUploads({ db, dialect, storage });
      })
      .then((turn) => {
        if (!turn.ran) {
          log.debug('uploads: clean-up running on another server, this turn skipped');
          return [];
        }
        const removed = turn.result;
        if (removed.length > 0) log.info({ count: removed.length }, 'uploads: removed unreferenced files');
        return removed;
      })
      .catch((error: unknown): string[] => {
        log.warn({ err: error }, 'uploads: clean-up failed, will retry');
        return [];
      }),
  );

  const cleanup: UploadCleanup = {
    schedule() {
      if (turns.stopped) return;
      clearTimeout(debounce);
      debounce = setTimeout(turns.runSoon, DEBOUNCE_MS);
      debounce.unref();
    },
    run: turns.run,
    async stop() {
      clearTimeout(debounce);
      if (current.cleanup === cleanup) current.cleanup = undefined;
      await turns.stop();
    },
  };
  current.cleanup = cleanup;
  return cleanup;
}

/**
 * Asks for a clean-up pass soon. For instruction saves and deletes and profile-picture changes:
 * the replaced file goes once nothing references it and it is past the grace period.
 */
export function scheduleUploadCleanup(): void {
  current.cleanup?.schedule();
}
