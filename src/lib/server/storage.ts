import path from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs';
import memoryDriver from 'unstorage/drivers/memory';
import type { Config } from './config.ts';

/**
 * Blob stores (ARCHITECTURE.md, blobs): uploaded images and guest-page snapshots. Values are raw
 * bytes (`setItemRaw` / `getItemRaw`); keys use `/` or `:` as separators (unstorage treats them
 * alike, the fs driver turns both into directories). The runtime builds one of each per process
 * (`runtime.storage`).
 */
export type StorageName = 'uploads' | 'snapshots';

type StorageConfig = Pick<Config, 'dataDir' | 'storageDriver'>;

/** A new store for `name`: `fs` under DATA_DIR/<name> by default, `memory` when configured (tests). */
export function createNamedStorage(config: StorageConfig, name: StorageName): Storage {
  const driver = config.storageDriver === 'memory' ? memoryDriver() : fsDriver({ base: path.join(config.dataDir, name) });
  return createStorage({ driver });
}

export type Stores = Record<StorageName, Storage>;

export function createStores(config: StorageConfig): Stores {
  return { uploads: createNamedStorage(config, 'uploads'), snapshots: createNamedStorage(config, 'snapshots') };
}
