import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from 'unstorage';
import type { Config } from '../../platform/config.ts';
import { createNamedStorage, type StorageName } from '../../platform/storage.ts';
import { ENCODINGS } from '../../guest-pages/store/snapshot-store.ts';

export interface StoreCount {
  store: StorageName;
  /** Files under DATA_DIR/<store>. */
  files: number;
  /** Of those, objects the target store answers for after the copy. */
  objects: number;
  note: string;
}

/** Uploads and snapshots in flight at once: enough to hide a bucket's latency, few enough for one small box. */
const PARALLEL = 8;

/**
 * Copies DATA_DIR/uploads and DATA_DIR/snapshots (the fs driver's folders: a file's path below
 * the folder is its key) into the configured stores, byte for byte, then asks the target for
 * each key. Writing a key again overwrites it, so a second run leaves the same objects. With
 * STORAGE_DRIVER=fs the target is those very folders: nothing to copy.
 *
 * Snapshots are copied rather than rendered again, so guests get the same bytes and ETags. A
 * guidebook of `tokens` with no snapshot in the source loses any the target holds (a copy with
 * --force must not leave a page newer than its row); one without a row is not copied.
 */
export async function copyFiles(config: Config, tokens: ReadonlySet<string>): Promise<StoreCount[]> {
  const counts: StoreCount[] = [];
  for (const store of ['uploads', 'snapshots'] as const) {
    const folder = path.join(config.dataDir, store);
    let keys = filesBelow(folder);
    if (config.storageDriver === 'fs') {
      counts.push({ store, files: keys.length, objects: keys.length, note: 'same folder, left in place' });
      continue;
    }
    const onDisk = keys.length;
    if (store === 'snapshots') keys = keys.filter((key) => tokens.has(key.split('/')[0]!));
    const skipped = onDisk > keys.length ? `, ${onDisk - keys.length} of deleted guidebooks skipped` : '';
    const target = createNamedStorage(config, store);
    await inParallel(keys, (key) => target.setItemRaw(key, fs.readFileSync(path.join(folder, key))));
    if (store === 'snapshots') await removeStaleSnapshots(target, tokens, new Set(keys.map((key) => key.split('/')[0]!)));
    const present = await inParallel(keys, (key) => target.hasItem(key));
    const objects = present.filter(Boolean).length;
    counts.push({ store, files: keys.length, objects, note: `${objects === keys.length ? 'ok' : `${keys.length - objects} missing`}${skipped}` });
  }
  return counts;
}

async function removeStaleSnapshots(target: Storage, tokens: ReadonlySet<string>, copied: ReadonlySet<string>): Promise<void> {
  const stale = [...tokens].filter((token) => !copied.has(token)).flatMap((token) => ENCODINGS.map((encoding) => `${token}/${encoding}`));
  await inParallel(stale, (key) => target.removeItem(key));
}

/** Paths of the regular files below `folder`, `/`-separated; none when it does not exist. */
function filesBelow(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function inParallel<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}
