import type SQLite from 'better-sqlite3';
import { processSingleton } from '../../platform/process-singleton.ts';

/**
 * How often, at most, a server asks whether another process changed the database. A process that
 * writes (the admin CLI) waits longer than this after its commit before it reports success, so
 * every request that starts after that sees the change.
 */
export const OTHER_PROCESS_CHECK_MS = 1;

/**
 * The in-memory snapshot copies are right only while every change goes through this process.
 * Another process (the admin CLI setting a plan) writes the database and removes the stored
 * snapshots, but cannot reach this memory: SQLite's `PRAGMA data_version` changes when another
 * connection commits, and then snapshot-store.ts drops every copy (the store still has the ones
 * that are right). The pragma costs about 2.5 µs, so it is asked at most once per
 * OTHER_PROCESS_CHECK_MS: under load a small fraction of a millisecond per second, and the guest
 * path still reads no table.
 */
const watch = processSingleton('other-process-writes', () => ({ check: undefined as (() => boolean) | undefined }));

/** True once per change another process committed to the database since the last call. */
export function changedElsewhere(): boolean {
  return watch.check?.() ?? false;
}

export function watchOtherProcessWrites(sqlite: SQLite.Database): void {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let checkedAt = performance.now();
  watch.check = () => {
    const now = performance.now();
    if (now - checkedAt < OTHER_PROCESS_CHECK_MS) return false;
    checkedAt = now;
    const version = dataVersion.get();
    if (version === seen) return false;
    seen = version;
    return true;
  };
}
