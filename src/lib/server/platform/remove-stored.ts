import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from 'unstorage';

/** Removes the items `keys` of store `name`, absent ones included (storage.ts, `Stores.removeMany`). */
type RemoveMany<Name extends string> = (name: Name, keys: readonly string[]) => Promise<void>;

/** `removeMany` through the store's driver, every key at once. */
export function removeEach<Name extends string>(stores: Record<Name, Storage>): RemoveMany<Name> {
  return async (name, keys) => {
    await Promise.all(keys.map((key) => stores[name].removeItem(key)));
  };
}

/**
 * `removeMany` for the fs driver's files: where it keeps a key (its `:` as folders, under
 * DATA_DIR/<name>), grouped by folder. A folder that is not there costs one system call for all
 * its keys: a publish drops every language a page may have, 33 folders of three copies, and most
 * were never stored. In the others each file goes by one call, an absent one ignored.
 */
export function removeFiles(dataDir: string): RemoveMany<string> {
  return async (name, keys) => {
    const base = path.resolve(dataDir, name);
    const byFolder = new Map<string, string[]>();
    for (const key of keys) {
      const file = path.join(base, key.replace(/:/g, '/'));
      // A key never leaves its store (the driver refuses the same).
      if (!file.startsWith(base + path.sep)) throw new Error(`storage: key outside its store: ${key}`);
      const folder = path.dirname(file);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.basename(file)]);
    }
    for (const [folder, names] of byFolder) {
      // Asked first: an absent folder answers `false` here in 2 µs, where reading it throws an error
      // that took 15 µs to build, 33 times a publish on the main thread (docs/performance.md).
      if (!fs.existsSync(folder)) continue;
      let present: Set<string>;
      try {
        present = new Set(fs.readdirSync(folder));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const file of names) if (present.has(file)) fs.rmSync(path.join(folder, file), { force: true });
    }
  };
}
