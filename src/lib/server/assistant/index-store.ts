import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import MiniSearch from 'minisearch';
import { processSingleton } from '../platform/process-singleton.ts';
import { getRuntime } from '../platform/runtime.ts';
import { INDEX_FORMAT, type IndexHeader, type PageIndex } from './build-index.ts';
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
 * A loaded index is counted as this many times its serialized length: about 2 MB of heap for a
 * 214 KB index (docs/decisions/031, the measurements), and 5 to 7 times for the demo and the
 * ten-language guidebook (docs/performance.md, "Ask the guidebook: index sizes"); the larger
 * factor keeps the bound a bound.
 */
export const HEAP_PER_SERIALIZED_BYTE = 10;

const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;

const unbrotli = promisify(zlib.brotliDecompress);

function newMemory(maxBytes: number): LRUCache<string, PageIndex> {
  // An index counted over the whole bound is not kept (lru-cache refuses an entry past maxSize).
  return new LRUCache<string, PageIndex>({ maxSize: maxBytes, sizeCalculation: (index) => Math.max(1, index.header.jsonLength * HEAP_PER_SERIALIZED_BYTE) });
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
  const item = raw ? decodeItem(raw) : null;
  if (!item || item.header.format !== INDEX_FORMAT || item.header.options !== OPTIONS_VERSION) return null;
  try {
    const json = (await unbrotli(item.body)).toString('utf8');
    return { header: item.header, search: MiniSearch.loadJSON<Passage>(json, searchOptions(item.header.language)) };
  } catch (error) {
    log.warn({ err: error, token: pageId.slice(0, 4) }, 'assistant: stored index unreadable, building it');
    return null;
  }
}

/**
 * Stores `item` as `pageId`'s index. A removal of the page while the write ran may have landed
 * first: then the item is removed again, as a stored page is (guest-pages/store/snapshot-store.ts).
 */
export async function writeStoredIndex(pageId: string, item: Uint8Array): Promise<void> {
  const write = state.writes.get(pageId) ?? { running: 0, removals: 0 };
  state.writes.set(pageId, write);
  write.running += 1;
  const removalsBefore = write.removals;
  try {
    const { storage } = await getRuntime();
    await storage.snapshots.setItemRaw(askItemKey(pageId), item);
    if (write.removals !== removalsBefore) await storage.removeMany('snapshots', [askItemKey(pageId)]);
  } finally {
    write.running -= 1;
    if (write.running === 0) state.writes.delete(pageId);
  }
}

function decodeItem(raw: Uint8Array): { header: IndexHeader; body: Buffer } | null {
  const buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (buffer.length < 4) return null;
  const size = buffer.readUInt32BE(0);
  if (4 + size > buffer.length) return null;
  try {
    const header = JSON.parse(buffer.subarray(4, 4 + size).toString('utf8')) as IndexHeader;
    const body = buffer.subarray(4 + size);
    return body.length === header.length ? { header, body } : null;
  } catch {
    return null;
  }
}
