import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import MiniSearch from 'minisearch';
import { unframeItem } from '../platform/framed-item.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { getRuntime } from '../platform/runtime.ts';
import { INDEX_FORMAT, storedItemOf, type BuiltIndex, type IndexHeader, type PageIndex } from './build-index.ts';
import type { Passage } from './passages.ts';
import { OPTIONS_VERSION, searchOptions } from './search-options.ts';

/**
 * The `:ask` item beside each stored page variant (`<page id>:ask` in the snapshot store), and the
 * indexes loaded in this process (docs/decisions/031 §4). Page ids are the guest pages' own
 * (`<token>` or `<token>~<lang>`, guest-pages/page-key.ts); the guest pages remove the item with
 * the page's other items, in one `removeMany`, and drop the loaded copies with theirs.
 */

/** The store item of page `pageId`'s index. */
export function askItemKey(pageId: string): string {
  return `${pageId}:ask`;
}

/**
 * A loaded index is counted as 10 times its serialized length and 64 KB besides: MiniSearch's
 * maps, the stored fields and the options' closures. Measured with `--expose-gc`, 50 loaded copies
 * each (docs/performance.md, "Ask the guidebook: index sizes"): the demo's 9.7 KB index holds
 * 139 KB of heap, the ten-language guidebook's 28 to 36 KB hold 198 to 276 KB, and a synthetic
 * 214 KB index about 2 MB (docs/decisions/031); each is under its count, so the bound is a bound.
 */
export const HEAP_PER_SERIALIZED_BYTE = 10;
const HEAP_PER_INDEX = 64 * 1024;

const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;

const unbrotli = promisify(zlib.brotliDecompress);

function newMemory(maxBytes: number): LRUCache<string, PageIndex> {
  // An index counted over the whole bound is not kept (lru-cache refuses an entry past maxSize).
  return new LRUCache<string, PageIndex>({ maxSize: maxBytes, sizeCalculation: (index) => index.header.jsonLength * HEAP_PER_SERIALIZED_BYTE + HEAP_PER_INDEX });
}

const state = processSingleton('assistant-indexes', () => ({
  loaded: newMemory(DEFAULT_MEMORY_BYTES),
  /** Per page id with a store write under way: the removals of it since the write began. */
  writes: new Map<string, { running: number; removals: number }>(),
}));

/** The bound of the loaded indexes (ASSISTANT_INDEX_MEMORY_MB), set once at boot before any question. */
export function limitIndexMemory(maxBytes: number): void {
  if (state.loaded.maxSize !== maxBytes) state.loaded = newMemory(maxBytes);
}

/** The bytes the loaded indexes are counted at now (the tests read it). */
export function indexMemoryBytes(): number {
  return state.loaded.calculatedSize;
}

/** The loaded index of `pageId`, a use (the least recently asked go first). */
export function loadedIndex(pageId: string): PageIndex | undefined {
  return state.loaded.get(pageId);
}

export function keepIndex(pageId: string, index: PageIndex): void {
  state.loaded.set(pageId, index);
}

/** The loaded copies of `pageIds` go, and a store write of one under way removes what it wrote. */
export function dropLoadedIndexes(pageIds: readonly string[]): void {
  for (const id of pageIds) {
    state.loaded.delete(id);
    const write = state.writes.get(id);
    if (write) write.removals += 1;
  }
}

export function dropAllLoadedIndexes(): void {
  state.loaded.clear();
  for (const write of state.writes.values()) write.removals += 1;
}

/**
 * The stored index of `pageId`, loaded; null when there is none, it is half-written, or it was
 * built by another library version or other options (then it is built again).
 */
export async function readStoredIndex(pageId: string): Promise<PageIndex | null> {
  const { storage, log } = await getRuntime();
  let raw: Uint8Array | null;
  try {
    raw = (await storage.snapshots.getItemRaw(askItemKey(pageId))) as Uint8Array | null;
  } catch (error) {
    log.warn({ err: error, token: pageId.slice(0, 4) }, 'assistant: stored index unreadable, building it');
    return null;
  }
  const item = raw ? unframeItem<IndexHeader & { length: number }>(raw) : null;
  if (!item || item.header.format !== INDEX_FORMAT || item.header.options !== OPTIONS_VERSION) return null;
  const { length: _, ...header } = item.header;
  try {
    const json = (await unbrotli(item.body)).toString('utf8');
    return { header, search: MiniSearch.loadJSON<Passage>(json, searchOptions(header.language)) };
  } catch (error) {
    log.warn({ err: error, token: pageId.slice(0, 4) }, 'assistant: stored index unreadable, building it');
    return null;
  }
}

/**
 * Compresses and stores `built` as `pageId`'s index, in the background: the question that built it
 * is answered meanwhile. Counted as under way from this call, so a removal of the page while it
 * compresses or writes (which may land before the write) removes the item again, as a stored page's
 * is (guest-pages/store/snapshot-store.ts). A failure is logged: the next read builds it again.
 */
export function storeIndexInBackground(pageId: string, built: BuiltIndex): Promise<void> {
  const write = state.writes.get(pageId) ?? { running: 0, removals: 0 };
  state.writes.set(pageId, write);
  write.running += 1;
  const removalsBefore = write.removals;
  const stored = (async () => {
    const { storage } = await getRuntime();
    await storage.snapshots.setItemRaw(askItemKey(pageId), await storedItemOf(built));
    if (write.removals !== removalsBefore) await storage.removeMany('snapshots', [askItemKey(pageId)]);
  })();
  return stored
    .catch(async (error: unknown) => (await getRuntime()).log.warn({ err: error, token: pageId.slice(0, 4) }, 'assistant: index not stored; built again on its next read'))
    .finally(() => {
      write.running -= 1;
      if (write.running === 0) state.writes.delete(pageId);
    });
}
