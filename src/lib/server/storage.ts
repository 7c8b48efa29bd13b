import path from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs';
import memoryDriver from 'unstorage/drivers/memory';
import type { Config } from './config.ts';
import { getRuntime } from './runtime.ts';

/**
 * Blob stores (ARCHITECTURE.md, blobs): uploaded images and guest-page snapshots. Values are raw
 * bytes (`setItemRaw` / `getItemRaw`); keys use `/` or `:` as separators (unstorage treats them
 * alike, the fs driver turns both into directories).
 */
export type StorageName = 'uploads' | 'snapshots';

type StorageConfig = Pick<Config, 'dataDir' | 'storageDriver'>;

/**
 * Kept on globalThis like the runtime: the boot bundle and the Astro bundle each carry a copy of
 * this module, and with the memory driver they must still see the same bytes.
 */
const KEY = Symbol.for('porchlight.storage');
type Holder = { [KEY]?: Map<string, Storage> };
const holder = globalThis as Holder;

/** A new store for `name`: `fs` under DATA_DIR/<name> by default, `memory` when configured (tests). */
export function createNamedStorage(config: StorageConfig, name: StorageName): Storage {
  const driver =
    config.storageDriver === 'memory' ? memoryDriver() : fsDriver({ base: path.join(config.dataDir, name) });
  return createStorage({ driver });
}

/** The process-wide store for `name`, built once from `config` (for code that runs during boot). */
export function getStorageFor(config: StorageConfig, name: StorageName): Storage {
  const stores = (holder[KEY] ??= new Map());
  const id = `${config.storageDriver}:${config.dataDir}:${name}`;
  let store = stores.get(id);
  if (!store) {
    store = createNamedStorage(config, name);
    stores.set(id, store);
  }
  return store;
}

/** The process-wide store for `name`, e.g. `await getStorage('uploads')`. */
export async function getStorage(name: StorageName): Promise<Storage> {
  const { config } = await getRuntime();
  return getStorageFor(config, name);
}
