import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStores } from '../src/lib/server/platform/storage.ts';

// The snapshot store's removal of a page's copies (guest-pages/store/pending-removals.ts) goes
// through removeMany: on disk a system call per file rather than a thread-pool turn each, and one
// for a page's folder that is not there at all.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-remove-many-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('removeMany', () => {
  for (const storageDriver of ['fs', 'memory'] as const) {
    it(`removes the items named, absent ones included, and nothing else (${storageDriver})`, async () => {
      const stores = createStores({ dataDir: path.join(dataDir, storageDriver), storageDriver });
      const bytes = new Uint8Array([1, 2, 3]);
      await stores.snapshots.setItemRaw('Tok_en-1:br', bytes);
      await stores.snapshots.setItemRaw('Tok_en-1~fr:gz', bytes);
      await stores.snapshots.setItemRaw('Tok_en-1~fr:html', bytes);
      await stores.snapshots.setItemRaw('Tok_en-2:br', bytes);
      await stores.uploads.setItemRaw('Tok_en-1:br', bytes);

      await stores.removeMany('snapshots', ['Tok_en-1:br', 'Tok_en-1~fr:gz', 'Tok_en-1~de:html']);

      expect(await stores.snapshots.getItemRaw('Tok_en-1:br')).toBeNull();
      expect(await stores.snapshots.getItemRaw('Tok_en-1~fr:gz')).toBeNull();
      // Named neither, beside one that was (same folder on disk), or in a folder of its own.
      expect(await stores.snapshots.hasItem('Tok_en-1~fr:html')).toBe(true);
      expect(await stores.snapshots.hasItem('Tok_en-2:br')).toBe(true);
      expect(await stores.uploads.hasItem('Tok_en-1:br')).toBe(true);
    });
  }

  it('refuses a key that would leave its store on disk', async () => {
    const stores = createStores({ dataDir: path.join(dataDir, 'escape'), storageDriver: 'fs' });
    await stores.uploads.setItemRaw('kept', new Uint8Array([1]));
    await expect(stores.removeMany('snapshots', ['..:uploads:kept'])).rejects.toThrow(/outside its store/);
    expect(await stores.uploads.hasItem('kept')).toBe(true);
  });
});
