import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import type { Encoding } from '../../http/negotiate.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { dropAllLoadedIndexes, dropLoadedIndexes } from '../../assistant/index-store.ts';
import { frameItem, unframeItem } from '../../platform/framed-item.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import { getRuntime } from '../../platform/runtime.ts';
import type { SnapshotSource } from '../page-headers.ts';
import { ENCODINGS, pageId, storeKey, variantsOf, type GuestPageKey } from '../page-key.ts';
import { compressPage } from './compress-page.ts';
import { changedElsewhere } from './other-process-writes.ts';
import { isRemovalPending, recordPendingRemoval, reloadPendingRemovals, removeStoredCopies } from './pending-removals.ts';
import { bumpWriteEpoch } from './write-epoch.ts';

/**
 * Guest-page snapshots (docs/architecture.md, Guest snapshots; docs/decisions/007).
 * One unstorage item per page variant and encoding (`<token>:br`, `<token>~fr:gz`, page-key.ts), each
 * self-contained: a length-prefixed JSON header (ETag, CSP, build id, body length) then the body.
 * A guest request reads exactly one item; a half-written item (fs driver, concurrent write) fails
 * the length check and counts as a miss.
 */
export type { Encoding };
export { ENCODINGS };

export interface SnapshotHeader {
  etag: string;
  csp: string | null;
  buildId: string;
  createdAt: number;
  /** Epoch ms when the page stops being right by itself (the owner's plan ends), or null. */
  expiresAt: number | null;
  /** The guidebook's row it was rendered from; absent in pages stored before it was recorded. */
  source?: SnapshotSource | null;
  /** The languages the guidebook offers, its main language first (page-headers.ts); absent in older pages. */
  languages?: string[] | null;
  length: number;
}

export interface Snapshot {
  header: SnapshotHeader;
  body: Uint8Array;
}


/**
 * Decoded snapshots kept in memory in front of the store, so a hit costs no disk read; one copy
 * per process (process-singleton.ts): the Node fast path (boot bundle) reads it and the Astro bundle
 * writes and removes. Every write and removal in this process goes through here, so the copy is
 * never staler than the store. Bounded by the bytes it keeps alive, not by a count (a page is
 * 20 KB or 450 KB, in up to 20 languages and three encodings): past the bound the entry guests
 * read least recently goes first, and its next guest reads it from the store again.
 *
 * 64 MB by default (GUEST_PAGE_MEMORY_MB): the demo page (47 KB, 68 KB in all three encodings)
 * about 850 times, or 4,500 times in brotli alone once the encodings guests do not ask for have
 * gone first (most browsers take brotli); a long guidebook (450 KB) about 100 times. A small share
 * of a 512 MB server; what does not fit costs a disk (or bucket) read, never a render.
 */
const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
/**
 * What an entry keeps alive besides its body's buffer and its CSP: the header object and its
 * other strings, the cache's slot and key, and the response header lists the fast path prepares
 * once per snapshot (serve-snapshot-node.ts). Measured with the demo page's header: 1.7 KB of
 * heap besides its 1 KB CSP.
 */
const ENTRY_OVERHEAD_BYTES = 2 * 1024;

function newMemory(maxBytes: number): LRUCache<string, Snapshot> {
  return new LRUCache<string, Snapshot>({ maxSize: maxBytes, sizeCalculation: bytesHeld });
}

/** The buffer a body is a view of (a decoded item's whole read, header included), and the rest. */
function bytesHeld({ header, body }: Snapshot): number {
  return body.buffer.byteLength + ENTRY_OVERHEAD_BYTES + (header.csp?.length ?? 0);
}

const state = processSingleton('snapshot-store', () => ({
  /** Decoded pages by store key, least recently used first out. */
  entries: newMemory(DEFAULT_MEMORY_BYTES),
  /** Counts every write and removal: a store read that raced one answers but is not kept. */
  changes: 0,
  /** Pages (page ids) whose stored copy was compared with its guidebook's row since the start. */
  checked: new Set<string>(),
  /** Writes under way per token, and the removals of that token since the first of them began. */
  writes: new Map<string, { running: number; removals: number }>(),
  /** Tokens whose variants a publish is removing from the store (removeVariantsExcept), with how many removals run. */
  clearing: new Map<string, number>(),
}));

/**
 * The bound of the in-memory copies (GUEST_PAGE_MEMORY_MB): set once at boot, before the first
 * request, so what is held then (nothing) is dropped.
 */
export function limitSnapshotMemory(maxBytes: number): void {
  if (state.entries.maxSize === maxBytes) return;
  state.changes += 1;
  state.entries = newMemory(maxBytes);
}

/** The bytes held in memory now, as counted against the bound (tests read them from guest responses). */
export function snapshotMemoryBytes(): number {
  return state.entries.calculatedSize;
}

/** Drops every in-memory copy when another process changed the database (other-process-writes.ts). */
export function forgetIfChangedElsewhere(): void {
  if (!changedElsewhere()) return;
  dropAllMemoryCopies();
  // A render that read the database before that change must not store what it rendered.
  bumpWriteEpoch();
  // The admin command line may have listed a page it could not remove.
  reloadPendingRemovals();
}

/** Kept, most recently used; a page larger than the whole bound is not kept (and its older copy goes). */
function remember(id: string, snapshot: Snapshot): void {
  state.entries.set(id, snapshot);
}

/**
 * The in-memory copy only (no store read): what the synchronous fast path answers from. A guest's
 * read, so it counts as a use: a page guests keep opening stays while quieter ones go.
 */
export function peekSnapshot(key: GuestPageKey, encoding: Encoding): Snapshot | null {
  forgetIfChangedElsewhere();
  return state.entries.get(storeKey(key, encoding)) ?? null;
}

/**
 * Whether this process holds `key`'s page in memory, in any encoding (guests opened it here:
 * publish/rebuild-snapshots.ts renders it again). Not a use: asking leaves the order of eviction
 * to the guests (a page's brotli copy may be read while its plain one went long ago).
 */
export function holdsSnapshot(key: GuestPageKey): boolean {
  forgetIfChangedElsewhere();
  return ENCODINGS.some((encoding) => state.entries.has(storeKey(key, encoding)));
}

export async function readSnapshot(key: GuestPageKey, encoding: Encoding): Promise<Snapshot | null> {
  const { token } = key;
  if (!GUEST_TOKEN.test(token)) return null;
  forgetIfChangedElsewhere();
  const id = storeKey(key, encoding);
  const cached = state.entries.get(id);
  if (cached) return cached;
  // What is stored may be the page that had to go (an outage kept it from being removed, or a
  // publish is removing it now).
  if (!storedCopiesReadable(token)) return null;
  const changesBefore = state.changes;
  const { storage, log } = await getRuntime();
  let raw: Uint8Array | null;
  try {
    raw = (await storage.snapshots.getItemRaw(id)) as Uint8Array | null;
  } catch (error) {
    // The store is out of reach (a bucket outage): a miss, so the page is rendered from the database.
    log.warn({ err: error, token: token.slice(0, 4) }, 'snapshot store unreadable: rendering the page');
    return null;
  }
  const snapshot = raw ? decode(raw) : null;
  if (snapshot && !(await agreesWithItsRow(key, snapshot))) return null;
  // A write or removal during the disk read may have made these bytes stale: answer, don't keep.
  if (snapshot && state.changes === changesBefore) remember(id, snapshot);
  return snapshot;
}

/** False while `token`'s stored items may be what a removal (under way, or one that failed) takes away. */
export function storedCopiesReadable(token: string): boolean {
  return !isRemovalPending(token) && !state.clearing.has(token);
}

/** Pages whose stored copy was compared with its row since this process started; bounded. */
const checked = state.checked;
const CHECKED_MAX = 50_000;

/**
 * The first time this process reads a page variant's stored copy (after a start, a crash or a deploy),
 * its header must name the guidebook's current version and secrets policy: a write that was still
 * under way when a revocation removed the page, or when the process died, could otherwise bring
 * back a page the guidebook no longer matches (once, in an attack test, with a door code the policy
 * had since gated). A page that disagrees, or names no row, is removed and rendered anew. One
 * indexed read per page per process; later store reads follow this process's own writes and the
 * other servers' events. A header without a source (an older build) never agrees.
 */
async function agreesWithItsRow(key: GuestPageKey, snapshot: Snapshot): Promise<boolean> {
  const { token } = key;
  if (checked.has(pageId(key))) return true;
  const { db, log } = await getRuntime();
  const row = await db.selectFrom('instructions').select(['version', 'data']).where('token', '=', token).where('deleted_at', 'is', null).executeTakeFirst();
  const source = snapshot.header.source;
  const agrees = Boolean(row && source && source.version === row.version && source.secretsPolicy === parseStoredContent(row.data).secretsPolicy);
  if (!agrees) {
    log.warn({ token: token.slice(0, 4), stored: source ?? null, current: row ? row.version : null }, 'snapshot: stored page disagrees with its guidebook, removed');
    await removeSnapshot(token);
    return false;
  }
  if (checked.size >= CHECKED_MAX) checked.clear();
  checked.add(pageId(key));
  return true;
}

/** All three encodings of one rendered page, compressed once (on publish, not per request; compress-page.ts). */
export async function encodeSnapshot(html: Uint8Array, meta: { csp: string | null; buildId: string; expiresAt: number | null; source: SnapshotSource | null; languages?: string[] | null }): Promise<Record<Encoding, Snapshot>> {
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const { br, gz } = await compressPage(html);
  const make = (body: Uint8Array): Snapshot => ({ header: { etag, ...meta, createdAt: Date.now(), length: body.byteLength }, body: exactCopy(body) });
  return { br: make(br), gz: make(gz), html: make(html) };
}

/**
 * The bytes in a buffer of their own size: a page read from a larger buffer (the rendered HTML
 * off the socket) would keep all of it alive for as long as guests read the page, so the copy
 * (once per publish) pays. The compressed copies come in buffers of their own already.
 */
function exactCopy(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

export async function writeSnapshot(key: GuestPageKey, snapshots: Record<Encoding, Snapshot>): Promise<void> {
  const { token } = key;
  if (!GUEST_TOKEN.test(token)) return;
  // Memory first, synchronously: a removal that lands while the disk write runs then clears it.
  state.changes += 1;
  for (const encoding of ENCODINGS) remember(storeKey(key, encoding), snapshots[encoding]);
  const write = state.writes.get(token) ?? { running: 0, removals: 0 };
  state.writes.set(token, write);
  write.running += 1;
  const removalsBefore = write.removals;
  try {
    const store = (await getRuntime()).storage.snapshots;
    await Promise.all(ENCODINGS.map((encoding) => store.setItemRaw(storeKey(key, encoding), encode(snapshots[encoding]))));
    // A removal while these writes ran may have landed before them: the page it removed is back in
    // the store. Remove it again (memory lost it with the removal already).
    if (write.removals !== removalsBefore) await removeStoredOrRecord(token);
    // What this process stored is what the row says now (the caller checked its write epoch).
    else if (snapshots.html.header.source) checked.add(pageId(key));
  } finally {
    // Removals matter only to writes under way: with none left for the token, its count goes.
    write.running -= 1;
    if (write.running === 0) state.writes.delete(token);
  }
}

/**
 * Every copy of every variant of `token`'s page, in memory and stored. A store out of reach does not fail the
 * caller (its write has committed): the stored copy is kept from being served and its removal
 * retried (pending-removals.ts).
 */
export async function removeSnapshot(token: string): Promise<void> {
  if (!GUEST_TOKEN.test(token)) return;
  const write = state.writes.get(token);
  if (write) write.removals += 1;
  dropMemoryCopies(token);
  // Whatever is stored next is compared with the row again: a dead link's pages are not remembered.
  for (const page of variantsOf(token)) checked.delete(pageId(page));
  await removeStoredOrRecord(token);
}

/**
 * This process's copies of the variants of `token`, all but `kept` (another server changed or
 * removed the stored ones, publish/snapshot-bus.ts): the next guest reads the store.
 */
export function dropMemoryCopies(token: string, kept: readonly GuestPageKey[] = []): void {
  state.changes += 1;
  // The ask index of every variant goes whatever is kept: no publish rebuilds it (its next question does).
  dropLoadedIndexes(variantsOf(token).map(pageId));
  const keep = new Set(kept.map(pageId));
  for (const key of variantsOf(token)) {
    if (keep.has(pageId(key))) continue;
    for (const encoding of ENCODINGS) state.entries.delete(storeKey(key, encoding));
  }
}

/** Every copy in this process's memory (events from other servers may have been missed). */
export function dropAllMemoryCopies(): void {
  state.changes += 1;
  dropAllLoadedIndexes();
  state.entries.clear();
}

/**
 * Removes the stored copies of `pages` (of `token`) and keeps the in-memory ones answering: a
 * publish's guests keep the previous page until its rebuild stores the new one
 * (publish/rebuild-snapshots.ts), and should this process stop first, the next one finds nothing
 * stored and renders the page anew.
 */
export async function forgetStoredSnapshot(token: string, pages: readonly GuestPageKey[]): Promise<void> {
  if (!GUEST_TOKEN.test(token)) return;
  state.changes += 1;
  dropLoadedIndexes(pages.map(pageId));
  await removeStoredOrRecord(token, pages);
}

/**
 * A publish renders again only the variants in `kept`: every other variant of `token` goes, from
 * memory at once and from the store by the promise returned, since nothing would replace it. The
 * publish's answer need not wait for the store (three copies of every language a page may have:
 * 99 deletes, on disk or in a bucket): until the promise settles this
 * process reads none of the token's pages from the store, so none of those variants is served again
 * from here, and a read from the store that raced the removal answers its guest but is not kept
 * (`changes`).
 */
export function removeVariantsExcept(token: string, kept: readonly GuestPageKey[]): Promise<void> {
  if (!GUEST_TOKEN.test(token)) return Promise.resolve();
  dropMemoryCopies(token, kept);
  const keep = new Set(kept.map(pageId));
  const { clearing } = state;
  clearing.set(token, (clearing.get(token) ?? 0) + 1);
  const pages = variantsOf(token).filter((key) => !keep.has(pageId(key)));
  // Even sending the deletes (a promise chain each) waits for the event loop's next turn, after
  // the publish's answer is written.
  return new Promise((resolve) => setImmediate(resolve))
    .then(() => removeStoredOrRecord(token, pages))
    .finally(() => {
      const left = clearing.get(token)! - 1;
      if (left === 0) clearing.delete(token);
      else clearing.set(token, left);
      state.changes += 1;
    });
}

async function removeStoredOrRecord(token: string, pages: readonly GuestPageKey[] = variantsOf(token)): Promise<void> {
  try {
    await removeStoredCopies(pages);
  } catch (error) {
    await recordPendingRemoval(token, error);
  }
}

function encode({ header, body }: Snapshot): Uint8Array {
  return frameItem(header, body);
}

function decode(raw: Uint8Array): Snapshot | null {
  return unframeItem<SnapshotHeader>(raw);
}
